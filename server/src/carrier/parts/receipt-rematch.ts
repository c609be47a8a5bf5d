// The looks for receipts no part took when they were stored
// (docs/carrier.md#a-parts-way-and-why-nothing-is-sent-twice): after the submit answers' commit, a
// safety net over the recent ones, and those of parts in doubt matched by destination once their
// answers have had time to land.
import type { GatewayContext } from '../../core/context';
import { PART } from '../../db/schema-carrier';
import { FINAL_STATES } from './recipient-status';
import { RECEIPT_WINDOW_MS } from './receipt-window';
import { lockReceiptMatching } from '../carrier-lock';
import type { AcceptedPart } from './part-outcomes';
import { applyMatches, IN_CHUNK, matchReceipts, receiptsWaitingFor, withSiblings, type Match } from './receipt-matches';

/** How far back the sweep looks for receipts that crossed their answer in flight. */
const RECENT_MS = 5 * 60_000;

/** Final receipts of this connector that no part took yet. */
const unmatchedFinalReceipts = (ctx: GatewayContext, connector: string) =>
  ctx.db
    .selectFrom('carrier_receipts')
    .select(['id', 'carrier_id', 'state', 'error', 'to_number', 'done_at'])
    .where('part_id', 'is', null)
    .where('connector', '=', connector)
    .where('state', 'in', [...FINAL_STATES]);

/**
 * A safety net for receipts stored while their part's answer was being recorded: the look after the
 * answers' commit (applyReceiptsThatWaited) and storing receipts both hold the connector's lock
 * (carrier-lock.ts), so this should find nothing, or only what a failed look left; the housekeeping
 * looks again at the recent receipts still unmatched and matches them by id.
 */
export async function rematchRecentReceipts(ctx: GatewayContext, connector: string) {
  const now = ctx.now();
  const recent = await unmatchedFinalReceipts(ctx, connector)
    .where('received_at', '>=', now - RECENT_MS)
    .orderBy('id')
    .limit(IN_CHUNK)
    .execute();
  if (recent.length === 0) return 0;
  return ctx.db.transaction().execute(async (trx) => {
    const matches = await matchReceipts(trx, ctx.db.dialectName, connector, recent);
    return applyMatches(ctx, trx, await withSiblings(trx, connector, matches), now);
  });
}

/**
 * Receipts no part claimed by id, once their submit answers have had time to land: they belong to
 * parts in doubt (answer lost), matched by destination, the oldest such part first. Waiting first
 * means a receipt that merely beat its answer is never given to another part of the same number.
 */
export async function matchInDoubtReceipts(ctx: GatewayContext, connector: string, settleMs: number) {
  const now = ctx.now();
  const window = ctx.receiptWindowMs ?? RECEIPT_WINDOW_MS;
  const waiting = await unmatchedFinalReceipts(ctx, connector)
    .where('received_at', '<=', now - settleMs)
    .where('received_at', '>', now - window)
    // Only receipts that have a part in doubt to go to: the others (another system's ids) stay put.
    .where('to_number', 'in', (eb) =>
      eb
        .selectFrom('carrier_parts')
        .select('to_number')
        .where('state', '=', PART.inDoubt)
        .where('connector', '=', connector),
    )
    .orderBy('id')
    .limit(IN_CHUNK)
    .execute();
  const numbers = [...new Set(waiting.map((r) => r.to_number).filter(Boolean))];
  if (numbers.length === 0) return 0;
  return ctx.db.transaction().execute(async (trx) => {
    const doubtful = await trx
      .selectFrom('carrier_parts')
      .select(['id', 'to_number'])
      .where('state', '=', PART.inDoubt)
      .where('connector', '=', connector)
      .where('to_number', 'in', numbers)
      .orderBy('id')
      .execute();
    const taken = new Set<number>();
    const matches: Match[] = [];
    for (const receipt of waiting) {
      const part = doubtful.find((p) => p.to_number === receipt.to_number && !taken.has(p.id));
      if (!part) continue;
      taken.add(part.id);
      matches.push({ partId: part.id, receipt });
    }
    return applyMatches(ctx, trx, await withSiblings(trx, connector, matches), now);
  });
}

/**
 * Applies the receipts that arrived before their parts' submit answers, once those answers are
 * committed. Under the connector's lock, which storeReceipts holds from its insert to its commit:
 * either this sees the receipt, or the receipt's own match saw the carrier id (applying twice
 * changes nothing). On SQLite, one writer at a time: a plain read first, a transaction only when
 * something waited.
 */
export async function applyReceiptsThatWaited(
  ctx: GatewayContext,
  connector: string,
  accepted: readonly AcceptedPart[],
) {
  if (accepted.length === 0) return 0;
  const now = ctx.now();
  if (ctx.db.dialectName !== 'postgres' && (await receiptsWaitingFor(ctx.db, connector, accepted)).length === 0)
    return 0;
  return ctx.db.transaction().execute(async (trx) => {
    await lockReceiptMatching(ctx.db, trx, connector);
    return applyMatches(ctx, trx, await receiptsWaitingFor(trx, connector, accepted), now);
  });
}
