import type { PriceAccountType, PriceTier } from '../types';
import { isPriceTierAcceptable, newPriceTier } from './pricing';
import { isNumericText } from '../fields';

export const BAD_PRICE_LIST = 'The price list is not valid';
export const BAD_PRICE_TIER = 'Each price needs a numeric price and a numeric rate that is not zero';
const MAX_TIERS = 50;

/**
 * update-domain-details' localrate (JSON text or object) as the stored JSON text, or the refusal.
 * Tiers follow docs/product.md#reseller-settings (numeric price and rate, rate not zero); a missing expiry gets the new-tier default.
 */
export function checkLocalRate(value: unknown): { ok: true; json: string } | { ok: false; message: string } {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false, message: BAD_PRICE_LIST };
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: BAD_PRICE_LIST };
  const record = parsed as Record<string, unknown>;
  const out: Record<PriceAccountType, PriceTier[]> = { REGULAR: [], PREMIUM: [] };
  for (const type of ['REGULAR', 'PREMIUM'] as const) {
    const list = record[type] ?? [];
    if (!Array.isArray(list) || list.length > MAX_TIERS) return { ok: false, message: BAD_PRICE_LIST };
    for (const [i, raw] of list.entries()) {
      if (typeof raw !== 'object' || raw === null) return { ok: false, message: BAD_PRICE_TIER };
      const { id, price, rate, expiry } = raw as Record<string, unknown>;
      const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : '');
      if (!isPriceTierAcceptable(asText(price), asText(rate))) return { ok: false, message: BAD_PRICE_TIER };
      const years =
        isNumericText(asText(expiry)) && Number(expiry) >= 0 ? Number(expiry) : newPriceTier(type, 0).expiry;
      const tierId = typeof id === 'number' && Number.isInteger(id) ? id : Number(id) || i + 1;
      out[type].push({ id: tierId, price: Number(price), rate: Number(rate), expiry: years });
    }
  }
  return { ok: true, json: JSON.stringify(out) };
}
