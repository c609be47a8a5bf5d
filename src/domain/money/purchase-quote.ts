// What an amount buys (docs/product.md#buying-credit): the same rule on the
// purchase page, as the user types, and in the gateway, which decides.
import { parseLocalRate, resellerRate, smsCredits, RESELLER_EXPIRY_YEARS } from './pricing';
import { YEAR_MS } from '../dates';
import { moneyError } from './money';
import type { AccountType, PriceTier } from '../types';

export const NO_PRICES = 'No prices are set for your account type yet';
export const minimumPurchase = (price: number) => `The minimum purchase is GHS ${price}`;

/** The tiers that sell, cheapest first (a tier with no rate sells nothing). */
export function sellingTiers(tiers: readonly PriceTier[]): PriceTier[] {
  return tiers.filter((t) => t.rate > 0).sort((a, b) => a.price - b.price);
}

/** The tiers an account type buys at on a domain; resellers buy at the fixed volume table instead. */
export const tiersFor = (localrate: string, accountType: AccountType): PriceTier[] =>
  accountType === 'RESELLER' ? [] : sellingTiers(parseLocalRate(localrate)[accountType]);

export type QuoteTerms = { rate: number; credits: number; expiryYears: number };

/**
 * The terms of a purchase: the tier is the highest price not above the amount; a reseller buys at
 * its applicable volume rate, valid a year. Answers the message to show when nothing applies.
 */
export function quoteTerms(
  amount: number,
  accountType: AccountType,
  tiers: readonly PriceTier[],
  applicableRate: number,
): QuoteTerms | { problem: string } {
  if (accountType === 'RESELLER') {
    const rate = applicableRate > 0 ? applicableRate : resellerRate(0);
    return { rate, credits: smsCredits(amount, rate), expiryYears: RESELLER_EXPIRY_YEARS };
  }
  const selling = sellingTiers(tiers);
  if (selling.length === 0) return { problem: NO_PRICES };
  const tier = selling.filter((t) => t.price <= amount).pop();
  if (!tier) return { problem: minimumPurchase(selling[0]!.price) };
  return { rate: tier.rate, credits: smsCredits(amount, tier.rate), expiryYears: tier.expiry };
}

/** An amount in GHS rounded up to the pesewa (the float error of a product kept from rounding up a pesewa more). */
const ceilPesewa = (ghs: number) => Math.ceil(Math.round(ghs * 1e6) / 1e4) / 100;

/**
 * What `credits` credits cost on these terms (auto top-up's "buy Y credits", docs/product.md#auto-top-up):
 * for each selling tier, the credits at its rate rounded up to the pesewa, or the tier's minimum price when
 * that is more; the cheapest of those. Its purchase buys at least those credits (more at a minimum price).
 */
export function amountForCredits(
  credits: number,
  accountType: AccountType,
  tiers: readonly PriceTier[],
  applicableRate: number,
): number | { problem: string } {
  if (accountType === 'RESELLER') {
    const rate = applicableRate > 0 ? applicableRate : resellerRate(0);
    return ceilPesewa(credits * rate);
  }
  const selling = sellingTiers(tiers);
  if (selling.length === 0) return { problem: NO_PRICES };
  return Math.min(...selling.map((t) => Math.max(t.price, ceilPesewa(credits * t.rate))));
}

/** The expiry after a purchase: that many years past the later of now and the current expiry (epoch ms). */
export function expiryAfterPurchase(creditexpiresSec: number, expiryYears: number, nowMs: number): number {
  const from = Math.max(nowMs, creditexpiresSec * 1000);
  return from + Math.round((expiryYears * YEAR_MS) / 1000) * 1000;
}

export type PurchasePreview = (QuoteTerms & { amount: number; newExpiry: number }) | { problem: string };

/** The purchase form's live line: what the typed amount buys and until when, or why it cannot. */
export function previewPurchase(
  typed: string,
  buyer: { accountType: AccountType; localrate: string; applicableRate: number; creditexpires: number },
  nowMs: number,
  maxGhs?: number,
): PurchasePreview {
  const problem = moneyError(typed, maxGhs);
  if (problem) return { problem };
  const amount = Number(typed.trim());
  const terms = quoteTerms(
    amount,
    buyer.accountType,
    tiersFor(buyer.localrate, buyer.accountType),
    buyer.applicableRate,
  );
  if ('problem' in terms) return terms;
  return { ...terms, amount, newExpiry: expiryAfterPurchase(buyer.creditexpires, terms.expiryYears, nowMs) };
}
