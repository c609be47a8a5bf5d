import { actingMemberId } from '../core/acting-member';
import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { CheckoutRow } from '../db/schema-phonebook-payments';
import { conflict } from '../core/errors';
import { refund, takeCredits } from '../money/balance';
import { creditPurchase } from './purchase-credit';
import {
  RETRY,
  claim,
  expireIfDue,
  onCheckout,
  readCheckout,
  release,
  type CheckoutStatus,
  type Trx,
} from './reservations';
import {
  SELLER_SHORT,
  referralBonus,
  sellerDomain,
  sellerHoldsCredit,
  sellerOf,
  sellerShare,
  type Sale,
} from './quote';
import { CHECKOUT_PATH } from '../../../src/domain/navigation/api-paths';

/** How long a checkout link stays payable. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;
/**
 * Unpaid links a buyer may have at once on a seller that sets credits aside for them: each holds
 * the seller's credits for up to an hour, so without a bound one client could hold them all.
 */
export const PENDING_LINKS_MAX = 3;
export const TOO_MANY_PENDING = `You already have ${PENDING_LINKS_MAX} payments waiting: complete or cancel one, or start again when a link expires (1 hour)`;
export const checkoutPath = (reference: string) => `${CHECKOUT_PATH}${reference}`;

export type CheckoutProvider = 'sim' | 'paystack';

/** What a payment Paystack confirmed may still settle: the seller has the money, whatever the link said since. */
const CONFIRMABLE: readonly string[] = ['pending', 'failed', 'expired', 'unsettled'] satisfies CheckoutStatus[];

/**
 * Makes a checkout for a sale. A seller that holds credit (a reseller) sets the credits and any
 * referral bonus aside now, in the same transaction, taken from its balance only if it covers them;
 * otherwise the buyer is told the seller is short. They go back if the checkout ends unpaid.
 */
export async function createCheckout(
  ctx: GatewayContext,
  buyer: UserRow,
  sale: Sale,
  text: { currency: string; title: string; description: string },
  provider: CheckoutProvider,
  options: { autoTopup?: boolean } = {},
): Promise<{ reference: string } | { problem: string }> {
  // 192 random bits, in hex (Paystack takes letters, digits, '-', '.' and '='): the simulated
  // page's link is its only key, as with a real provider's checkout.
  const reference = randomBytes(24).toString('hex');
  const reserved = sellerShare(sale, buyer);
  const q = sale.quote;
  return ctx.db.transaction().execute(async (trx) => {
    if (reserved > 0 && (await pendingLinks(ctx, trx, buyer.profile_id, sale.seller.profile_id)) >= PENDING_LINKS_MAX)
      return { problem: TOO_MANY_PENDING };
    // One conditional statement reads and takes: two links at once cannot both have the last credits.
    const why = {
      reason: 'reservation',
      ref: { kind: 'checkout', id: reference },
      actor: buyer.profile_id,
      at: ctx.now(),
    } as const;
    if (reserved > 0 && !(await takeCredits(trx, sale.seller.profile_id, reserved, why)))
      return { problem: SELLER_SHORT };
    await trx
      .insertInto('checkouts')
      .values({
        reference,
        profile_id: buyer.profile_id,
        seller_id: sale.seller.profile_id,
        amount: q.charge,
        tax_added: q.taxAdded,
        currency: text.currency,
        credits: q.credits,
        rate: q.rate,
        expiry_years: q.expiryYears,
        title: text.title.slice(0, 200),
        description: text.description.slice(0, 500),
        status: 'pending',
        provider,
        created_at: ctx.now(),
        expires_at: ctx.now() + CHECKOUT_TTL_MS,
        reserved,
        auto_topup: options.autoTopup ? 1 : 0,
        member_id: actingMemberId(buyer.profile_id),
      })
      .execute();
    return { reference };
  });
}

/**
 * The buyer's payable links holding the seller's credits, its row locked first so that two links at
 * once count each other. The seller's row is locked with it, the two by id as every path takes
 * accounts (a gift and a payment take the seller's, then the buyer's): never the other way round.
 */
async function pendingLinks(ctx: GatewayContext, trx: Trx, buyerId: number, sellerId: number): Promise<number> {
  if (ctx.db.dialectName === 'postgres')
    await trx
      .selectFrom('users')
      .select('profile_id')
      .where('profile_id', 'in', [buyerId, sellerId])
      .orderBy('profile_id')
      .forUpdate()
      .execute();
  const row = await trx
    .selectFrom('checkouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', buyerId)
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'pending')
    .where('reserved', '>', 0)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A checkout as stored (Paystack's ways back settle even one past its time, from its reservation if it still holds one). */
export const findCheckout = (ctx: GatewayContext, reference: string) => readCheckout(ctx.db, reference);

/** A checkout of the simulated page (dev mode), expired first if due: Paystack's are never shown or paid there. */
export async function findSimulatedCheckout(ctx: GatewayContext, reference: string) {
  await expireIfDue(ctx, reference);
  const c = await findCheckout(ctx, reference);
  return c?.provider === 'sim' ? c : undefined;
}

const ALREADY_PAID = 'This payment has already been completed';
const LINK_EXPIRED = 'This payment link has expired, please start a new purchase';

/** Why a checkout can no longer be paid or cancelled, or null while it can. */
export function closedReason(ctx: GatewayContext, c: CheckoutRow): string | null {
  if (c.status === 'paid') return ALREADY_PAID;
  if (c.status === 'cancelled') return 'This payment was cancelled';
  if (c.status === 'expired') return LINK_EXPIRED;
  if (c.status !== 'pending') return 'This payment can no longer be completed, please start a new purchase';
  if (Number(c.expires_at) < ctx.now()) return LINK_EXPIRED;
  return null;
}

/**
 * What the seller hands over for a paid checkout: its reservation, topped up from its balance only
 * while the balance covers it (never below zero); the buyer's credits first, then as much of the
 * referral bonus as is covered. Answers the bonus to pay, or null when the credits are not covered.
 */
async function handOver(trx: Trx, c: CheckoutRow, wantedBonus: number, at: number): Promise<number | null> {
  const held = Number(c.reserved);
  const credits = Number(c.credits);
  const need = credits + wantedBonus;
  const ref = { kind: 'checkout', id: c.reference } as const;
  const more = { reason: 'reservation', ref, actor: c.profile_id, at } as const;
  const back = { reason: 'release', ref, actor: c.profile_id, at } as const;
  if (held >= need) {
    await refund(trx, c.seller_id, held - need, back);
    return wantedBonus;
  }
  if (await takeCredits(trx, c.seller_id, need - held, more)) return wantedBonus;
  if (held >= credits) return held - credits;
  if (await takeCredits(trx, c.seller_id, credits - held, more)) return 0;
  await refund(trx, c.seller_id, held, back);
  return null;
}

export type Settlement = 'paid' | 'unsettled';

/**
 * Pays a checkout once: marks it paid, moves the credits (from a reseller's reservation when the
 * seller is one), extends the expiry, records the payment and pays the referrer, all in one transaction.
 *
 * `confirmed` is a payment Paystack has confirmed: the money is in the seller's account, so neither
 * the link's age nor an earlier failed attempt on the same page keeps the credits from the buyer. A
 * reseller whose reservation was given back meanwhile pays only what its balance covers then; if it
 * cannot, the checkout is 'unsettled' (nothing credited, reported for support) and a later
 * confirmation tries again.
 */
export async function payCheckout(ctx: GatewayContext, reference: string, confirmed = false): Promise<Settlement> {
  if (!confirmed) await expireIfDue(ctx, reference);
  return onCheckout(ctx, reference, async (trx, c) => {
    // Only Paystack's confirmation pays a Paystack checkout; the simulated page pays only its own.
    if (!c || (!confirmed && c.provider !== 'sim')) throw conflict('Unknown payment');
    const closed = closedReason(ctx, c);
    if (c.status === 'paid' || (confirmed ? !CONFIRMABLE.includes(c.status) : closed)) {
      throw conflict(closed ?? ALREADY_PAID);
    }
    const buyer = await trx
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', c.profile_id)
      .executeTakeFirstOrThrow();
    if (!confirmed && (await sellerOf(trx, buyer))?.seller.profile_id !== c.seller_id) {
      throw conflict('This payment can no longer be completed');
    }
    const now = ctx.now();
    // The conditional update is the once-only guard, even against a concurrent second click, a
    // callback and a webhook arriving together, or the sweep giving the reservation back.
    if (!(await claim(trx, c, { status: 'paid', settled_at: now }))) return RETRY;

    // The seller named on the checkout received the money, whoever supervises the buyer now.
    const domain = await sellerDomain(trx, c.seller_id);
    const referrer = buyer.referred_by
      ? await trx.selectFrom('users').selectAll().where('profile_id', '=', buyer.referred_by).executeTakeFirst()
      : undefined;
    const wanted = referrer && domain ? referralBonus(domain, buyer, c.credits) : 0;
    const bonus = sellerHoldsCredit({ profile_id: c.seller_id }) ? await handOver(trx, c, wanted, now) : wanted;
    if (bonus === null) {
      if (!confirmed) throw conflict(SELLER_SHORT);
      await trx
        .updateTable('checkouts')
        .set({ status: 'unsettled', provider_note: `paid, but the seller could not supply ${c.credits} credits` })
        .where('reference', '=', c.reference)
        .execute();
      ctx.reportError?.('paystack: a confirmed payment is unsettled, the seller is short of credit', {
        reference: c.reference.slice(0, 8),
        seller: c.seller_id,
      });
      return 'unsettled';
    }

    await creditPurchase(trx, c, buyer, domain, referrer && bonus > 0 ? { referrer, bonus } : null, now);
    return 'paid';
  });
}

/** Ends a checkout failed or mismatched, with what the provider said; nothing is credited, the reservation goes back. */
export async function closeUnpaid(
  ctx: GatewayContext,
  reference: string,
  status: 'failed' | 'mismatch',
  note: string,
): Promise<void> {
  const from = status === 'mismatch' ? CONFIRMABLE : ['pending'];
  await onCheckout(ctx, reference, async (trx, c) => {
    if (!c || !from.includes(c.status)) return undefined;
    return (await release(trx, c, status, ctx.now(), note)) ? undefined : RETRY;
  });
}

/** Cancels a pending checkout of the simulated page; nothing is recorded, the reservation goes back. */
export async function cancelCheckout(ctx: GatewayContext, reference: string): Promise<void> {
  await expireIfDue(ctx, reference);
  await onCheckout(ctx, reference, async (trx, c) => {
    const closed = c?.provider === 'sim' ? closedReason(ctx, c) : 'Unknown payment';
    if (!c || closed) throw conflict(closed ?? 'Unknown payment');
    return (await release(trx, c, 'cancelled', ctx.now())) ? undefined : RETRY;
  });
}

/** The name a checkout page shows: the seller's brand. */
export async function sellerName(ctx: GatewayContext, c: CheckoutRow): Promise<string> {
  const seller = await ctx.db
    .selectFrom('domains')
    .select('companyname')
    .where('profile_id', '=', c.seller_id)
    .orderBy('domainprofile_id')
    .executeTakeFirst();
  return seller?.companyname || 'SMS credit';
}
