import type { Transaction } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Database } from '../db/schema';
import type { CheckoutRow } from '../db/schema-phonebook-payments';
import { busy } from '../core/errors';
import { refund } from '../money/balance';

// A reseller's credits for a checkout are taken from its balance when the link is made (`reserved`)
// and either handed to the buyer when it is paid or given back, once, when it ends unpaid. Every
// change to a checkout runs here: read, then a write conditional on what was read.

export type CheckoutStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'mismatch' | 'unsettled';

export type Trx = Transaction<Database>;
export const RETRY = Symbol('retry');
const ATTEMPTS = 5;

export const readCheckout = (db: Trx | GatewayContext['db'], reference: string) =>
  db.selectFrom('checkouts').selectAll().where('reference', '=', reference).executeTakeFirst();

/**
 * Runs a change on a checkout as it is now, in one transaction. A change whose conditional write
 * finds the row changed since its read (another change came first) answers RETRY and runs again.
 */
export async function onCheckout<T>(
  ctx: GatewayContext,
  reference: string,
  change: (trx: Trx, c: CheckoutRow | undefined) => Promise<T | typeof RETRY>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const result = await ctx.db.transaction().execute(async (trx) => change(trx, await readCheckout(trx, reference)));
    if (result !== RETRY) return result;
  }
  throw busy();
}

/** Moves a checkout on from the status and reservation it was read with; false when another change came first. */
export async function claim(
  trx: Trx,
  c: CheckoutRow,
  set: { status: CheckoutStatus; settled_at: number; provider_note?: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('checkouts')
    .set({ ...set, reserved: 0 })
    .where('reference', '=', c.reference)
    .where('status', '=', c.status)
    .where('reserved', '=', c.reserved)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends a checkout unpaid and gives the seller back what it reserved, in the same transaction, once. */
export async function release(trx: Trx, c: CheckoutRow, status: CheckoutStatus, now: number, note?: string) {
  const ended = await claim(trx, c, {
    status,
    settled_at: now,
    ...(note === undefined ? {} : { provider_note: note.slice(0, 200) }),
  });
  // The buyer cancelled, or it ended by itself (expired, failed): the system gave the credits back.
  const actor = status === 'cancelled' ? c.profile_id : null;
  const why = { reason: 'release', ref: { kind: 'checkout', id: c.reference }, actor, at: now } as const;
  if (ended) await refund(trx, c.seller_id, Number(c.reserved), why);
  return ended;
}

const isDue = (ctx: GatewayContext, c: CheckoutRow) => c.status === 'pending' && Number(c.expires_at) < ctx.now();

/** A pending checkout past its time becomes expired, its reservation given back (lazily when touched, and by the sweep). */
export async function expireIfDue(ctx: GatewayContext, reference: string): Promise<void> {
  const c = await readCheckout(ctx.db, reference);
  if (!c || !isDue(ctx, c)) return;
  await onCheckout(ctx, reference, async (trx, now) => {
    if (!now || !isDue(ctx, now)) return undefined;
    return (await release(trx, now, 'expired', ctx.now())) ? undefined : RETRY;
  });
}

/** The periodic sweep: pending checkouts past their time (a seller's, or everyone's) expire, a batch at a time. */
export async function expireCheckouts(ctx: GatewayContext, sellerId?: number, limit = 200): Promise<number> {
  let due = ctx.db
    .selectFrom('checkouts')
    .select('reference')
    .where('status', '=', 'pending')
    .where('expires_at', '<', ctx.now());
  if (sellerId !== undefined) due = due.where('seller_id', '=', sellerId);
  const rows = await due.orderBy('expires_at').limit(limit).execute();
  for (const { reference } of rows) await expireIfDue(ctx, reference);
  return rows.length;
}
