// The receipts owed to SMPP customers once fanned out (docs/smpp.md#receipts): claimed with a lease by
// the instance with a receiver bind of their account, ended when the customer answers, released when
// a bind closes or the answer is an error, pruned with their submits after their retention.
import { sql, type ExpressionBuilder } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import { padded } from '../db/queries';
import { prepared } from '../db/prepared-statements';
import { pruneInIdOrder } from '../db/prune-in-id-order';
import { yieldToLoop } from '../core/event-loop';
import type { Database } from '../db/schema';
import type { SmppReceiptRow } from '../db/schema-smpp';
import { RECEIPT_LEASE_MS } from './receipts';

/** Claims an account's oldest pending receipts for `owner`, each counting one attempt. */
export async function claimReceipts(
  ctx: GatewayContext,
  owner: string,
  profileId: number,
  limit: number,
): Promise<SmppReceiptRow[]> {
  const now = ctx.now();
  const free = (eb: ExpressionBuilder<Database, 'smpp_receipts'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  const due = ctx.db
    .selectFrom('smpp_receipts')
    .select('id')
    .where('profile_id', '=', profileId)
    // A literal, not a parameter: PostgreSQL's plan kept for the prepared statement then knows it may
    // read the index of pending receipts only (migrations/024-lean-indexes.ts).
    .where('state', '=', sql.lit<SmppReceiptRow['state']>('pending'))
    .where(free)
    .orderBy('id')
    .limit(limit);
  if (ctx.db.dialectName === 'postgres') {
    // The rows are locked as they are chosen (and checked again once locked), then updated by id:
    // the plan cannot rescan the account's pending receipts for each row, however stale its statistics.
    const { rows } = await prepared(sql<SmppReceiptRow>`with due as materialized (${due.forUpdate().skipLocked()})
      update smpp_receipts set claimed_by = ${owner}, claimed_until = ${now + RECEIPT_LEASE_MS},
        attempts = attempts + 1
      from due where smpp_receipts.id = due.id
      returning smpp_receipts.*`).execute(ctx.db);
    return rows.sort((a, b) => a.id - b.id);
  }
  const claimed = await ctx.db
    .updateTable('smpp_receipts')
    .set({ claimed_by: owner, claimed_until: now + RECEIPT_LEASE_MS, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .where('state', '=', 'pending')
    .where(free)
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The customer answered: the receipts are done, whoever claimed them last. */
export async function receiptsDelivered(ctx: GatewayContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await deliveredQuery(ctx.db, ids, ctx.now()).execute();
}

/**
 * The update behind receiptsDelivered. Not `state = 'pending'` (the same rows, as a receipt is
 * pending or delivered): both databases could then read the index of pending receipts
 * (migrations/024-lean-indexes.ts) whole for each answer, and PostgreSQL did whenever its statistics
 * were older than the receipts waiting: 2,644 entries for 50 answers under load, half the
 * statement's time.
 */
export const deliveredQuery = (db: Executor, ids: readonly number[], now: number) =>
  db
    .updateTable('smpp_receipts')
    .set({ state: 'delivered', delivered_at: now, claimed_by: null, claimed_until: null })
    .where('id', 'in', padded(ids))
    .where('state', '<>', 'delivered');

/** Receipts this owner holds go back to be claimed again after `afterMs` (a bind closed, an error answer). */
export async function releaseReceipts(
  ctx: GatewayContext,
  owner: string,
  ids: readonly number[],
  afterMs = 0,
): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db
    .updateTable('smpp_receipts')
    .set({ claimed_until: ctx.now() + afterMs - 1 })
    .where('id', 'in', ids)
    .where('claimed_by', '=', owner)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Receipts are kept as long as recipient events (30 days), then pruned with their submits: those never
 * answered too (an account that never binds a receiver), or each refused part would be kept for good.
 */
export const SMPP_RETENTION_MS = 30 * 24 * 3_600_000;

export async function pruneSmpp(ctx: GatewayContext): Promise<number> {
  const before = ctx.now() - SMPP_RETENTION_MS;
  // In id order, as recipient events are (db/prune-in-id-order.ts): no index of their times. A held
  // submit (a part waiting for its others, or one scheduled) is left for its own end.
  const receipts = await pruneInIdOrder(ctx.db, 'smpp_receipts', before, yieldToLoop);
  const submits = await pruneInIdOrder(ctx.db, 'smpp_submits', before, yieldToLoop, { column: 'state', value: 'held' });
  return receipts + submits;
}
