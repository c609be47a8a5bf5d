// Credits, price tiers and the reseller table (docs/product.md#price-tables).
import type { LocalRate, PriceAccountType, PriceTier } from '../types';
import { isNumericText } from '../fields';

type Scaled = { digits: bigint; scale: number };

// A number as the decimal the user wrote: String() gives the shortest round-tripping text.
function toScaled(n: number): Scaled {
  const [mantissa = '0', exponent = '0'] = String(Math.abs(n)).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

const rescale = (value: Scaled, scale: number): bigint => value.digits * 10n ** BigInt(scale - value.scale);

export function smsCredits(price: number, rate: number): number {
  if (!Number.isFinite(price) || !Number.isFinite(rate) || price <= 0 || rate <= 0) return 0;
  const p = toScaled(price);
  const r = toScaled(rate);
  const scale = Math.max(p.scale, r.scale);
  const numerator = rescale(p, scale);
  const denominator = rescale(r, scale);
  // Integer ceiling: 0.0268 is not exact in binary, so a float quotient could gain a credit.
  return Number((numerator + denominator - 1n) / denominator);
}

export type ResellerBand = { min: number; max: number | null; rate: number };

export const RESELLER_EXPIRY_YEARS = 1;
export const RESELLER_RATE_TABLE: readonly ResellerBand[] = [
  { min: 0, max: 50_000, rate: 0.025 },
  { min: 50_001, max: 100_000, rate: 0.024 },
  { min: 100_001, max: 200_000, rate: 0.023 },
  { min: 200_001, max: 500_000, rate: 0.022 },
  { min: 500_001, max: 1_000_000, rate: 0.021 },
  { min: 1_000_001, max: null, rate: 0.02 },
];

export function resellerRate(volume: number): number {
  // Compare against the upper bound so a fractional volume between bands cannot fall through.
  const band = RESELLER_RATE_TABLE.find((b) => b.max === null || volume <= b.max);
  return band?.rate ?? 0.02;
}

export function newPriceTier(accountType: PriceAccountType, id: number): PriceTier {
  return { id, price: 0, rate: 0.048, expiry: accountType === 'PREMIUM' ? 1 : 0.25 };
}

// Only premium tiers let the editor change the expiry (docs/product.md#reseller-settings).
export const isExpiryEditable = (accountType: PriceAccountType): boolean => accountType === 'PREMIUM';

// Negative prices or rates are refused too: they would only produce negative or zero credits.
export function isPriceTierAcceptable(price: string | number, rate: string | number): boolean {
  if (!isNumericText(price) || !isNumericText(rate)) return false;
  return Number(price) >= 0 && Number(rate) > 0;
}

export const acceptsReferralPercentageInput = (value: string): boolean => /^\d*$/.test(value);

// Stored as a fraction, edited and shown as a percentage; rounding hides 0.07 * 100 = 7.000000000000001.
export const referralFractionToPercent = (fraction: number): number => Math.round(fraction * 1e8) / 1e6;
export const referralPercentToFraction = (percent: number): number => Math.round(percent * 1e6) / 1e8;

function tiersOf(value: unknown): PriceTier[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((t: unknown, i): PriceTier[] => {
    if (typeof t !== 'object' || t === null) return [];
    const { id, price, rate, expiry } = t as Record<string, unknown>;
    if (!isNumericText(String(price)) || !isNumericText(String(rate))) return [];
    const years = isNumericText(String(expiry)) ? Number(expiry) : 0;
    return [{ id: typeof id === 'number' ? id : i + 1, price: Number(price), rate: Number(rate), expiry: years }];
  });
}

// localrate is JSON text; a broken or empty value means "no tiers", never a crash.
export function parseLocalRate(text: string | null | undefined): LocalRate {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    return { REGULAR: tiersOf(record.REGULAR), PREMIUM: tiersOf(record.PREMIUM) };
  } catch {
    return { REGULAR: [], PREMIUM: [] };
  }
}
