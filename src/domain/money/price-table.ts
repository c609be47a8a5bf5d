// Price table rows as the landing, login and purchase pages show them (docs/product.md#price-tables).
import type { PriceAccountType, PriceTier } from '../types';
import { smsCredits } from './pricing';
import { plural } from '../plural';

export type PriceTableRow = {
  price: number;
  rate: number;
  credits: number;
  orMore: boolean;
  priceLabel: string;
  expiryLabel: string;
};

export function formatExpiry(years: number): string {
  const totalMonths = Math.round(years * 12);
  const whole = Math.floor(totalMonths / 12);
  const months = totalMonths % 12;
  const parts = [whole > 0 ? plural(whole, 'year') : '', months > 0 ? plural(months, 'month') : ''];
  return parts.filter(Boolean).join(' ') || plural(0, 'month');
}

export function priceTableRows(tiers: readonly PriceTier[]): PriceTableRow[] {
  const sorted = [...tiers].sort((a, b) => a.price - b.price);
  return sorted.map((tier, i) => {
    const orMore = i === sorted.length - 1;
    return {
      price: tier.price,
      rate: tier.rate,
      credits: smsCredits(tier.price, tier.rate),
      orMore,
      priceLabel: orMore ? `${tier.price} or more` : String(tier.price),
      expiryLabel: formatExpiry(tier.expiry),
    };
  });
}

const tiers = (expiry: number, rows: ReadonlyArray<readonly [number, number]>): PriceTier[] =>
  rows.map(([price, rate], i) => ({ id: i + 1, price, rate, expiry }));

// The landing page's fixed advertisement, not any domain's own prices.
export const LANDING_PRICES: Readonly<Record<PriceAccountType, readonly PriceTier[]>> = {
  REGULAR: tiers(0.25, [
    [20, 0.029],
    [50, 0.0278],
    [100, 0.0266],
    [200, 0.0254],
    [500, 0.0242],
    [1000, 0.023],
    [2000, 0.0218],
  ]),
  PREMIUM: tiers(1, [
    [20, 0.034],
    [50, 0.0328],
    [100, 0.0316],
    [200, 0.0304],
    [500, 0.0292],
    [1000, 0.028],
    [2000, 0.0268],
  ]),
};
