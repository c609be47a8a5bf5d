import type { Kysely } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Database } from '../db/schema';
import type { DomainRow, UserRow } from '../db/schema-core';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { userInfo } from '../tenancy/user-info';
import { amountForCredits, quoteTerms, tiersFor } from '../../../src/domain/money/purchase-quote';
import type { AccountType } from '../../../src/domain/types';
import { moneyError } from '../../../src/domain/money/money';
import { ratesOn, taxLines, toCedis, toPesewas } from '../../../src/domain/money/tax';
import { formatAccra } from '../../../src/domain/dates';
import { refuse } from '../core/errors';
import { expireCheckouts } from './reservations';

/**
 * `amount` is the price the user typed, which buys `credits`; `charge` is what is paid: the same
 * amount where the domain's prices include tax, else the amount with `taxAdded` pesewas of tax on it.
 */
export type Quote =
  | { ok: true; amount: number; charge: number; taxAdded: number; credits: number; rate: number; expiryYears: number }
  | { ok: false; message: string };

export const NO_SELLER = 'Purchases are not available for this account';
export const SELLER_SHORT =
  'Your provider cannot supply this much credit right now, please try a smaller amount or contact them';

/** The amount as the user typed it: GHS, above zero, at most two decimals and the purchase maximum. */
export function amountOf(value: unknown, max?: number): number | { message: string } {
  const amount = typeof value === 'number' || typeof value === 'string' ? value : '';
  const problem = moneyError(amount, max);
  return problem ? { message: problem } : Number(amount);
}

/**
 * Who sells to a user and on which domain: its supervisor, at the supervisor's domain prices
 * (the sup-prefixed settings apply to a domain's owner, who buys from its own supervisor:
 * docs/product.md#roles-and-permissions).
 */
export async function sellerOf(
  db: Kysely<Database>,
  user: UserRow,
): Promise<{ seller: UserRow; domain: DomainRow } | null> {
  if (!user.supid) return null;
  const seller = await db.selectFrom('users').selectAll().where('profile_id', '=', user.supid).executeTakeFirst();
  const domain = await sellerDomain(db, user.supid);
  return seller && domain ? { seller, domain } : null;
}

/** A seller's domain (its first), whose prices and referral settings apply to its sales. */
export const sellerDomain = (db: Kysely<Database>, sellerId: number) =>
  db
    .selectFrom('domains')
    .selectAll()
    .where('profile_id', '=', sellerId)
    .orderBy('domainprofile_id')
    .executeTakeFirst();

/**
 * Credits for an amount: the tier is the highest price not above the amount, for the buyer's account
 * type; resellers buy at their applicable volume rate (docs/product.md#price-tables).
 */
export async function quote(ctx: GatewayContext, user: UserRow, domain: DomainRow, amount: number): Promise<Quote> {
  const accountType = user.accountType as AccountType;
  const applicableRate = accountType === 'RESELLER' ? (await userInfo(ctx, user)).applicableRate : 0;
  const terms = quoteTerms(amount, accountType, tiersFor(domain.localrate, accountType), applicableRate);
  if ('problem' in terms) return { ok: false, message: terms.problem };
  const { charge, taxAdded } = chargeFor(amount, domain, ctx.now());
  return { ok: true, amount, charge, taxAdded, ...terms };
}

/** What a price costs the buyer on a domain on a day: with Ghana's taxes added where its prices exclude them. */
export function chargeFor(amount: number, domain: Pick<DomainRow, 'prices_include_tax'>, at: number) {
  if (domain.prices_include_tax === 1) return { charge: amount, taxAdded: 0 };
  const lines = taxLines(toPesewas(amount), false, ratesOn(formatAccra(at, 'yyyy-MM-dd')));
  return { charge: toCedis(lines.total), taxAdded: lines.total - lines.base };
}

/** Profile 6 is the platform itself; every other seller hands over credit it holds. */
export const sellerHoldsCredit = (seller: Pick<UserRow, 'profile_id'>) => seller.profile_id !== TOP_SUPERVISOR_ID;

/** The referral bonus of a purchase: whole credits, paid only on domains with referral on. */
export function referralBonus(domain: DomainRow, buyer: UserRow, credits: number): number {
  if (domain.enablereferral !== 1 || !buyer.referred_by) return 0;
  // The epsilon keeps 0.29 x 100 = 28.999999999999996 from losing a credit.
  return Math.floor(credits * domain.referralpercentage + 1e-9);
}

export type Purchase =
  { problem: string } | { seller: UserRow; domain: DomainRow; quote: Extract<Quote, { ok: true }> };
export type Sale = Exclude<Purchase, { problem: string }>;

/** What the seller hands over for a sale (the credits and any referral bonus); 0 from the platform, which mints it. */
export const sellerShare = (sale: Sale, buyer: UserRow) =>
  sellerHoldsCredit(sale.seller) ? sale.quote.credits + referralBonus(sale.domain, buyer, sale.quote.credits) : 0;

/**
 * What a user would get for an amount, or why it cannot buy it now: a bad amount, no price for it,
 * or a reseller supervisor without the credit to hand over (profile 6, the platform, always has it).
 * Only a hint: the credits are reserved, or refused, when the checkout is made (checkout.ts).
 */
export async function purchaseFor(ctx: GatewayContext, user: UserRow, rawAmount: unknown): Promise<Purchase> {
  const amount = amountOf(rawAmount, ctx.maxPurchaseGhs);
  // Not an amount at all (text, non-finite, negative, three decimals, over the maximum): a 400.
  if (typeof amount !== 'number') throw refuse(amount.message);
  // The seller's links past their time give their reserved credits back before it is asked for more.
  if (user.supid && sellerHoldsCredit({ profile_id: user.supid })) await expireCheckouts(ctx, user.supid);
  const sale = await sellerOf(ctx.db, user);
  if (!sale) return { problem: NO_SELLER };
  const q = await quote(ctx, user, sale.domain, amount);
  if (!q.ok) return { problem: q.message };
  const purchase = { ...sale, quote: q };
  if (sellerHoldsCredit(sale.seller) && sale.seller.creditbalance < sellerShare(purchase, user)) {
    return { problem: SELLER_SHORT };
  }
  return purchase;
}

/**
 * A purchase of `credits` credits (auto top-up, docs/product.md#auto-top-up): priced at the buyer's tier of
 * the day on its seller's domain, then bought as any amount is.
 */
export async function purchaseOfCredits(ctx: GatewayContext, user: UserRow, credits: number): Promise<Purchase> {
  const sale = await sellerOf(ctx.db, user);
  if (!sale) return { problem: NO_SELLER };
  const accountType = user.accountType as AccountType;
  const applicableRate = accountType === 'RESELLER' ? (await userInfo(ctx, user)).applicableRate : 0;
  const amount = amountForCredits(credits, accountType, tiersFor(sale.domain.localrate, accountType), applicableRate);
  if (typeof amount !== 'number') return amount;
  return purchaseFor(ctx, user, amount);
}
