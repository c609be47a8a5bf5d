import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { CheckoutRow } from '../db/schema-phonebook-payments';
import { conflict } from '../core/errors';
import { addCredits, takeCredits, takeOwedCredits } from '../credit/balance';
import { publicPaymentId, recordPayment } from './records';
import { SELLER_SHORT, referralBonus, sellerHoldsCredit, sellerOf, type Quote } from './quote';
import { CHECKOUT_PATH } from '../../../src/domain/api-paths';

/** How long a checkout link stays payable. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;
export const checkoutPath = (reference: string) => `${CHECKOUT_PATH}${reference}`;

export type CheckoutProvider = 'sim' | 'paystack';

export async function createCheckout(
  ctx: GatewayContext,
  buyer: UserRow,
  seller: UserRow,
  q: Extract<Quote, { ok: true }>,
  text: { currency: string; title: string; description: string },
  provider: CheckoutProvider,
): Promise<string> {
  // 192 random bits, in hex (Paystack takes letters, digits, '-', '.' and '='): the simulated
  // page's link is its only key, as with a real provider's checkout.
  const reference = randomBytes(24).toString('hex');
  await ctx.db
    .insertInto('checkouts')
    .values({
      reference,
      profile_id: buyer.profile_id,
      seller_id: seller.profile_id,
      amount: q.amount,
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
    })
    .execute();
  return reference;
}

export const findCheckout = (ctx: GatewayContext, reference: string) =>
  ctx.db.selectFrom('checkouts').selectAll().where('reference', '=', reference).executeTakeFirst();

/** A checkout of the simulated page (dev mode): Paystack's are never shown or paid there. */
export async function findSimulatedCheckout(ctx: GatewayContext, reference: string) {
  const c = await findCheckout(ctx, reference);
  return c?.provider === 'sim' ? c : undefined;
}

const ALREADY_PAID = 'This payment has already been completed';

/** Why a checkout can no longer be paid or cancelled, or null while it can. */
export function closedReason(ctx: GatewayContext, c: CheckoutRow): string | null {
  if (c.status === 'paid') return ALREADY_PAID;
  if (c.status === 'cancelled') return 'This payment was cancelled';
  if (c.status !== 'pending') return 'This payment can no longer be completed, please start a new purchase';
  if (Number(c.expires_at) < ctx.now()) return 'This payment link has expired, please start a new purchase';
  return null;
}

/**
 * Pays a checkout once: marks it paid, moves the credits (from a reseller's own balance when the
 * seller is one), extends the expiry, records the payment and pays the referrer, all in one transaction.
 *
 * `confirmed` is a payment Paystack has confirmed: the money is in the seller's account, so neither
 * the link's age, nor an earlier failed attempt on the same page, nor a seller who has since run
 * short of credit may keep the credits from the buyer (the seller's balance then goes below zero).
 */
export async function payCheckout(ctx: GatewayContext, reference: string, confirmed = false): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const c = await trx.selectFrom('checkouts').selectAll().where('reference', '=', reference).executeTakeFirst();
    // Only Paystack's confirmation pays a Paystack checkout; the simulated page pays only its own.
    if (!c || (!confirmed && c.provider !== 'sim')) throw conflict('Unknown payment');
    const payable = confirmed ? ['pending', 'failed'] : ['pending'];
    if (c.status === 'paid' || !payable.includes(c.status) || (!confirmed && closedReason(ctx, c))) {
      throw conflict(closedReason(ctx, c) ?? ALREADY_PAID);
    }
    // The conditional update is the once-only guard, even against a concurrent second click,
    // or a callback and a webhook arriving together.
    const claimed = await trx
      .updateTable('checkouts')
      .set({ status: 'paid', settled_at: now })
      .where('reference', '=', reference)
      .where('status', 'in', payable)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(ALREADY_PAID);

    const buyer = await trx
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', c.profile_id)
      .executeTakeFirstOrThrow();
    const sale = await sellerOf(trx, buyer);
    if (!sale || (!confirmed && sale.seller.profile_id !== c.seller_id)) {
      throw conflict('This payment can no longer be completed');
    }
    const referrer = buyer.referred_by
      ? await trx.selectFrom('users').selectAll().where('profile_id', '=', buyer.referred_by).executeTakeFirst()
      : undefined;
    const bonus = referrer ? referralBonus(sale.domain, buyer, c.credits) : 0;
    if (sellerHoldsCredit(sale.seller)) {
      // The seller named on the checkout received the money, whoever supervises the buyer now.
      if (confirmed) await takeOwedCredits(trx, c.seller_id, c.credits + bonus);
      else if (!(await takeCredits(trx, sale.seller.profile_id, c.credits + bonus))) throw conflict(SELLER_SHORT);
    }

    const paymentid = publicPaymentId('PAY', reference);
    const balances = await addCredits(trx, buyer.profile_id, c.credits, now, { extendYears: c.expiry_years });
    await recordPayment(trx, {
      paymentid,
      profile_id: buyer.profile_id,
      kind: 'paystack',
      amount: c.amount,
      currency: c.currency,
      date: now,
      ...balances,
      balanceadded: c.credits,
      paymentassist: '',
      description: c.title || 'SMS credit purchase',
    });
    if (referrer && bonus > 0) {
      const referrerBalances = await addCredits(trx, referrer.profile_id, bonus, now, null);
      await recordPayment(trx, {
        paymentid: publicPaymentId('REF', reference),
        profile_id: referrer.profile_id,
        kind: 'referral',
        amount: 0,
        currency: c.currency,
        date: now,
        ...referrerBalances,
        balanceadded: bonus,
        paymentassist: '',
        description: `Referral bonus for a purchase by ${buyer.username}`,
      });
    }
  });
}

/** Marks a pending checkout as failed or mismatched, with what the provider said; nothing is credited. */
export async function closeUnpaid(
  ctx: GatewayContext,
  reference: string,
  status: 'failed' | 'mismatch',
  note: string,
): Promise<void> {
  await ctx.db
    .updateTable('checkouts')
    .set({ status, provider_note: note.slice(0, 200), settled_at: ctx.now() })
    .where('reference', '=', reference)
    .where('status', 'in', status === 'mismatch' ? ['pending', 'failed'] : ['pending'])
    .execute();
}

/** Cancels a pending checkout; nothing is recorded. */
export async function cancelCheckout(ctx: GatewayContext, reference: string): Promise<void> {
  const c = await findSimulatedCheckout(ctx, reference);
  const closed = c ? closedReason(ctx, c) : 'Unknown payment';
  if (!c || closed) throw conflict(closed ?? 'Unknown payment');
  const res = await ctx.db
    .updateTable('checkouts')
    .set({ status: 'cancelled', settled_at: ctx.now() })
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict('This payment has already been completed');
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
