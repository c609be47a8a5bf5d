import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { AutoTopupRow } from '../db/schema-phonebook-payments';
import { refuse } from '../core/errors';
import { accraDay } from '../money/low-balance';
import type { PaystackAuthorization } from './paystack-api';
import { purchaseOfCredits } from './quote';
import { payCheckout } from './checkout';
import { AUTO_TOPUP_MAX_PER_DAY, AUTO_TOPUP_NO_CARD } from '../../../src/domain/money/auto-topup';

// Card auto top-up's settings (docs/product.md#auto-top-up): the card a confirmed card payment left
// (Paystack's reusable authorization, kept here and never answered nor logged), and when to buy.

/** A seller that turned card payments off is charged for by no auto top-up either. */
export const CARD_PAYMENTS_OFF = 'Card payments are not enabled on this domain';

/** A card's label as the app shows it: "visa •••• 4081". */
const cardLabel = (a: PaystackAuthorization) =>
  [a.brand || a.card_type?.trim() || 'card', a.last4 ? `•••• ${a.last4}` : ''].filter(Boolean).join(' ');

/**
 * Keeps the card a confirmed payment was made with, in place of any before (its settings stay).
 * A payment by anything but a reusable card (mobile money) forgets the saved card and turns auto
 * top-up off: what the buyer now pays with cannot be charged without them.
 */
export async function keepPaymentMethod(
  db: Executor,
  profileId: number,
  auth: PaystackAuthorization | null | undefined,
  now: number,
): Promise<void> {
  if (!auth || auth.channel !== 'card' || auth.reusable !== true) {
    await db.deleteFrom('auto_topups').where('profile_id', '=', profileId).where('reference', '=', '').execute();
    return;
  }
  const card = { authorization_code: auth.authorization_code, card_label: cardLabel(auth), updated_at: now };
  await db
    .insertInto('auto_topups')
    .values({ profile_id: profileId, ...card })
    .onConflict((oc) => oc.column('profile_id').doUpdateSet({ ...card, failures: 0, last_error: '' }))
    .execute();
}

const findTopup = (db: Executor, profileId: number) =>
  db.selectFrom('auto_topups').selectAll().where('profile_id', '=', profileId).executeTakeFirst();

/** What the app is shown: never the authorization itself. */
export function topupView(row: AutoTopupRow | undefined, now: number) {
  return {
    card: row ? row.card_label || 'card' : null,
    enabled: row?.enabled === 1,
    threshold: Number(row?.threshold ?? 0),
    credits: Number(row?.credits ?? 0),
    amount: Number(row?.amount ?? 0),
    failures: Number(row?.failures ?? 0),
    lastError: row?.last_error ?? '',
    boughtToday: row && row.day === accraDay(now) ? Number(row.day_count) : 0,
    maxPerDay: AUTO_TOPUP_MAX_PER_DAY,
  };
}

export const autoTopupOf = async (ctx: GatewayContext, user: UserRow) =>
  topupView(await findTopup(ctx.db, user.profile_id), ctx.now());

/**
 * Turns auto top-up on (buy `credits` credits when the balance falls under `threshold` credits) or off.
 * On needs a saved card and credits the seller sells today; it waits for the balance to be at or above
 * the level before a fall buys (a balance already under it buys nothing until it has been above).
 */
export async function setAutoTopup(
  ctx: GatewayContext,
  user: UserRow,
  settings: { enabled: true; threshold: number; credits: number } | { enabled: false },
) {
  const row = await findTopup(ctx.db, user.profile_id);
  const now = ctx.now();
  if (!settings.enabled) {
    if (row)
      await ctx.db
        .updateTable('auto_topups')
        .set({ enabled: 0, updated_at: now })
        .where('profile_id', '=', user.profile_id)
        .execute();
    return autoTopupOf(ctx, user);
  }
  if (!row) throw refuse(AUTO_TOPUP_NO_CARD);
  const sale = await purchaseOfCredits(ctx, user, settings.credits);
  if ('problem' in sale) throw refuse(sale.problem);
  if (sale.domain.usepaymentgateway !== 1) throw refuse(CARD_PAYMENTS_OFF);
  await ctx.db
    .updateTable('auto_topups')
    .set({
      enabled: 1,
      threshold: settings.threshold,
      credits: settings.credits,
      armed: Number(user.creditbalance) >= settings.threshold ? 1 : 0,
      failures: 0,
      last_error: '',
      updated_at: now,
    })
    .where('profile_id', '=', user.profile_id)
    .execute();
  return autoTopupOf(ctx, user);
}

/**
 * Dev mode's simulated page pays a checkout by a test card (which auto top-up may charge again, and
 * always successfully) or by mobile money (which it may not), as Paystack's page would leave them.
 */
export async function paySimulated(ctx: GatewayContext, reference: string, channel: 'card' | 'mobile_money') {
  await payCheckout(ctx, reference);
  const c = await ctx.db
    .selectFrom('checkouts')
    .select('profile_id')
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (!c) return;
  const auth = { authorization_code: `AUTH_sim_${reference.slice(0, 12)}`, reusable: channel === 'card', channel };
  await keepPaymentMethod(
    ctx.db,
    c.profile_id,
    { ...auth, brand: channel === 'card' ? 'Test card' : 'Mobile money', last4: '4081' },
    ctx.now(),
  );
}
