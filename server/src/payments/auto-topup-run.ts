import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { AutoTopupRow } from '../db/schema-phonebook-payments';
import { accraDay } from '../money/low-balance';
import { closeUnpaid, createCheckout, findCheckout, payCheckout } from './checkout';
import { chargeAuthorization, PaystackRefused, PaystackUnreachable, verifyTransaction } from './paystack-api';
import { paystackBase, pesewas, secretKeyOf, settlePaystack } from './paystack';
import { purchaseFor, purchaseOfCredits } from './quote';
import { offNoticeText, queueOffNotice } from './auto-topup-notice';
import { sendQueuedSystemTexts } from '../carrier/system-texts';
import { CARD_PAYMENTS_OFF } from './auto-topup-card';
import { AUTO_TOPUP_MAX_FAILURES, AUTO_TOPUP_MAX_PER_DAY } from '../../../src/domain/money/auto-topup';

// Card auto top-up's loop (docs/product.md#auto-top-up), outside any charge's transaction and any
// request: a balance that fell under its account's level since it was last at or above it (a
// crossing: `armed`) buys once. The buy is claimed by one conditional update, so two gateways never
// buy twice for one crossing; its checkout's reference is kept while it is charged, and a claim that
// lapsed (a gateway stopped mid-charge) is resumed by asking Paystack what became of that reference.

/** How long a claimed buy is this loop's alone: longer than Paystack's timeout. */
const CLAIM_MS = 60_000;

/** One loop's name in its claims. */
export const newTopupOwner = () => randomBytes(8).toString('hex');

type Due = AutoTopupRow & { creditbalance: number };

/** One tick: arms the accounts back at their level, buys for those that fell under it; answers how many were charged. */
export async function tickAutoTopups(ctx: GatewayContext, owner: string): Promise<number> {
  const now = ctx.now();
  const rows = (await ctx.db
    .selectFrom('auto_topups')
    .innerJoin('users', 'users.profile_id', 'auto_topups.profile_id')
    .selectAll('auto_topups')
    .select('users.creditbalance')
    .where('auto_topups.enabled', '=', 1)
    .execute()) as Due[];
  let charged = 0;
  for (const row of rows) {
    const balance = Number(row.creditbalance);
    if (row.reference !== '') {
      if (Number(row.claim_until) <= now && (await claim(ctx, row, owner, now))) await resume(ctx, row, owner);
    } else if (balance >= Number(row.threshold)) {
      if (row.armed === 0) await rearm(ctx, row.profile_id);
    } else if (row.armed === 1 && (await claim(ctx, row, owner, now)) && (await buy(ctx, row, owner))) {
      charged += 1;
    }
  }
  return charged;
}

const rearm = (ctx: GatewayContext, profileId: number) =>
  ctx.db
    .updateTable('auto_topups')
    .set({ armed: 1 })
    .where('profile_id', '=', profileId)
    .where('armed', '=', 0)
    .execute();

/** Takes the buy (a crossing, or a lapsed charge to resume) for `owner`: true for the one loop that took it. */
async function claim(ctx: GatewayContext, row: Due, owner: string, now: number): Promise<boolean> {
  const result = await ctx.db
    .updateTable('auto_topups')
    .set({ armed: 0, claimed_by: owner, claim_until: now + CLAIM_MS })
    .where('profile_id', '=', row.profile_id)
    .where('enabled', '=', 1)
    .where('armed', '=', row.armed)
    .where('reference', '=', row.reference)
    .where('claim_until', '=', row.claim_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const mine = (ctx: GatewayContext, profileId: number, owner: string) =>
  ctx.db.updateTable('auto_topups').where('profile_id', '=', profileId).where('claimed_by', '=', owner);

/**
 * Buys the setting's credits (or, saved before credits, `amount` GHS of credits) with the saved card: a checkout like any purchase, charged without
 * the buyer. Answers whether it charged (or tried to): not past the day's limit.
 */
async function buy(ctx: GatewayContext, row: Due, owner: string): Promise<boolean> {
  const now = ctx.now();
  const today = accraDay(now);
  const count = row.day === today ? Number(row.day_count) : 0;
  if (count >= AUTO_TOPUP_MAX_PER_DAY) {
    const limit = `Already ${AUTO_TOPUP_MAX_PER_DAY} top-ups today: the next fall under the level buys tomorrow`;
    await mine(ctx, row.profile_id, owner).set({ claimed_by: '', claim_until: 0, last_error: limit }).execute();
    return false;
  }
  const buyer = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('profile_id', '=', row.profile_id)
    .executeTakeFirst();
  const sale = buyer
    ? await (
        Number(row.credits) > 0
          ? purchaseOfCredits(ctx, buyer, Number(row.credits))
          : purchaseFor(ctx, buyer, Number(row.amount))
      ).catch((e: Error) => ({ problem: e.message }))
    : null;
  if (!buyer || !sale || 'problem' in sale || sale.domain.usepaymentgateway !== 1) {
    await failed(ctx, row, owner, !sale ? 'no account' : 'problem' in sale ? sale.problem : CARD_PAYMENTS_OFF);
    return true;
  }
  const base = paystackBase(ctx);
  const text = { currency: 'GHS', title: 'Auto top-up', description: `Below ${row.threshold} credits` };
  const made = await createCheckout(ctx, buyer, sale, text, base === null ? 'sim' : 'paystack', { autoTopup: true });
  if ('problem' in made) {
    await failed(ctx, row, owner, made.problem);
    return true;
  }
  await mine(ctx, row.profile_id, owner)
    .set({ reference: made.reference, day: today, day_count: count + 1 })
    .execute();
  if (base === null) {
    // Dev mode without Paystack: the simulated card always pays (docs/product.md#auto-top-up).
    await payCheckout(ctx, made.reference);
    await succeeded(ctx, row.profile_id, owner);
    return true;
  }
  try {
    const secretKey = await secretKeyOf(ctx, sale.seller.profile_id);
    const tx = await chargeAuthorization(base, secretKey, {
      email: buyer.email,
      amount: pesewas(sale.quote.charge),
      currency: 'GHS',
      authorizationCode: row.authorization_code,
      reference: made.reference,
    });
    await settled(
      ctx,
      row,
      owner,
      made.reference,
      await settlePaystack(ctx, (await findCheckout(ctx, made.reference))!, tx),
      tx.gateway_response,
    );
  } catch (error) {
    await chargeFailed(ctx, row, owner, made.reference, error);
  }
  return true;
}

/** A charge whose claim lapsed: what Paystack says became of its reference settles it. */
async function resume(ctx: GatewayContext, row: Due, owner: string): Promise<void> {
  const c = await findCheckout(ctx, row.reference);
  const base = paystackBase(ctx);
  if (!c || base === null || c.status === 'paid')
    return c?.status === 'paid'
      ? succeeded(ctx, row.profile_id, owner)
      : failed(ctx, row, owner, 'the charge was lost');
  try {
    const tx = await verifyTransaction(base, await secretKeyOf(ctx, c.seller_id), row.reference);
    await settled(ctx, row, owner, row.reference, await settlePaystack(ctx, c, tx), tx.gateway_response);
  } catch (error) {
    await chargeFailed(ctx, row, owner, row.reference, error);
  }
}

async function settled(
  ctx: GatewayContext,
  row: Due,
  owner: string,
  reference: string,
  outcome: string,
  note?: string | null,
) {
  if (outcome === 'success') return succeeded(ctx, row.profile_id, owner);
  if (outcome !== 'failed') await closeUnpaid(ctx, reference, 'failed', note ?? outcome);
  return failed(ctx, row, owner, note || `the card payment ended ${outcome}`);
}

async function chargeFailed(ctx: GatewayContext, row: Due, owner: string, reference: string, error: unknown) {
  // Paystack not reached: the reference is kept and asked about once the claim lapses.
  if (error instanceof PaystackUnreachable) return;
  if (!(error instanceof PaystackRefused)) throw error;
  await closeUnpaid(ctx, reference, 'failed', error.message);
  await failed(ctx, row, owner, error.message);
}

const succeeded = (ctx: GatewayContext, profileId: number, owner: string) =>
  mine(ctx, profileId, owner)
    .set({ reference: '', claimed_by: '', claim_until: 0, failures: 0, last_error: '', updated_at: ctx.now() })
    .execute()
    .then(() => undefined);

/** A failed buy: the third in a row turns auto top-up off and says so by e-mail (with the change) and SMS. */
async function failed(ctx: GatewayContext, row: Due, owner: string, reason: string): Promise<void> {
  const now = ctx.now();
  const failures = Number(row.failures) + 1;
  const off = failures >= AUTO_TOPUP_MAX_FAILURES;
  const user = await ctx.db.selectFrom('users').selectAll().where('profile_id', '=', row.profile_id).executeTakeFirst();
  const notice = off && user ? await offNoticeText(ctx, user, failures, reason) : null;
  const turnedOff = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('auto_topups')
      .set({
        reference: '',
        claimed_by: '',
        claim_until: 0,
        failures,
        last_error: reason.slice(0, 200),
        updated_at: now,
        ...(off ? { enabled: 0 } : {}),
      })
      .where('profile_id', '=', row.profile_id)
      .where('claimed_by', '=', owner)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1 || !notice || !user) return false;
    await queueOffNotice(trx, user, notice, now);
    return true;
  });
  if (turnedOff && user?.telnumber) await sendQueuedSystemTexts(ctx);
}
