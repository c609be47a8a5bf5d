import type { GatewayContext } from '../../core/context';
import type { Executor } from '../../db/database';
import { PART } from '../../db/schema-carrier';
import type { Receipt } from '../../core/connector';
import { byId, joinById, rowsById } from '../../db/queries';
import { FINAL_STATES, finalizeRecipientsOfParts } from './recipient-status';
import { RECEIPT_WINDOW_MS } from './receipt-window';
import { lockReceiptMatching } from '../carrier-lock';
import { carrierIdKey } from './carrier-ids';
import type { AcceptedPart } from './part-outcomes';

const IN_CHUNK = 400;

interface StoredReceipt {
  id: number;
  carrier_id: string;
  state: string;
  error: string;
  to_number: string;
  done_at: number | null;
}

interface Match {
  partId: number;
  receipt: StoredReceipt;
}

async function chunked<T, R>(items: readonly T[], run: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(...(await run(items.slice(i, i + IN_CHUNK))));
  return out;
}

/** Ends the matched parts with their receipts (once: a final part is never changed), then (last) their recipients. */
async function applyMatches(ctx: GatewayContext, trx: Executor, matches: readonly Match[], now: number) {
  if (matches.length === 0) return 0;
  await trx
    .updateTable('carrier_parts')
    .from(
      rowsById(
        matches.map(
          (m) =>
            [m.partId, { result: m.receipt.state, error: m.receipt.error, done_at: m.receipt.done_at ?? now }] as const,
        ),
        { result: 'text', error: 'text', done_at: 'bigint' },
      ),
    )
    .set({
      state: PART.final,
      result: byId<string>('result'),
      error: byId<string>('error'),
      done_at: byId<number>('done_at'),
      updated_at: now,
    })
    .where(joinById('carrier_parts'))
    .where(
      'id',
      'in',
      matches.map((m) => m.partId),
    )
    .where('state', 'in', [PART.submitting, PART.accepted, PART.inDoubt])
    .execute();
  await trx
    .updateTable('carrier_receipts')
    .from(
      rowsById(
        matches.map((m) => [m.receipt.id, { part_id: m.partId }] as const),
        { part_id: 'bigint' },
      ),
    )
    .set({ part_id: byId<number>('part_id') })
    .where(joinById('carrier_receipts'))
    .where(
      'id',
      'in',
      matches.map((m) => m.receipt.id),
    )
    .execute();
  return finalizeRecipientsOfParts(
    trx,
    ctx.recipients,
    ctx.db.dialectName,
    matches.map((m) => m.partId),
    now,
  );
}

/** Finds each receipt's part by its carrier id (already in the form the receipts use). */
async function matchReceipts(trx: Executor, connector: string, receipts: readonly StoredReceipt[]) {
  const wanted = [...new Set(receipts.map((r) => r.carrier_id))];
  const parts = await chunked(wanted, (slice) =>
    trx
      .selectFrom('carrier_parts')
      .select(['id', 'carrier_id'])
      .where('connector', '=', connector)
      .where('carrier_id', 'in', slice)
      .execute(),
  );
  const byCarrierId = new Map(parts.map((p) => [p.carrier_id!, p.id]));
  const matches: Match[] = [];
  const taken = new Set<number>();
  for (const receipt of receipts) {
    const partId = byCarrierId.get(receipt.carrier_id);
    if (partId === undefined || taken.has(partId)) continue;
    taken.add(partId);
    matches.push({ partId, receipt });
  }
  return matches;
}

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
  return ctx.db
    .transaction()
    .execute(async (trx) => applyMatches(ctx, trx, await matchReceipts(trx, connector, recent), now));
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
    return applyMatches(ctx, trx, matches, now);
  });
}

/**
 * Stores receipts (a repeat of one is a no-op) and applies the final ones to their parts; a receipt
 * whose part has no carrier id yet (its submit answer is still on the way) waits in carrier_receipts
 * until recordOutcomes applies it. Resolves once committed: only then may deliver_sm_resp go.
 */
export async function storeReceipts(ctx: GatewayContext, connector: string, receipts: readonly Receipt[]) {
  if (receipts.length === 0) return 0;
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockReceiptMatching(ctx.db, trx, connector);
    const fresh = await chunked(receipts, (slice) =>
      trx
        .insertInto('carrier_receipts')
        .values(
          slice.map((r) => ({
            connector,
            carrier_id: carrierIdKey(r.carrierId),
            state: r.state,
            error: r.error,
            to_number: r.to,
            done_at: r.doneAt,
            received_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['connector', 'carrier_id', 'state']).doNothing())
        .returning(['id', 'carrier_id', 'state', 'error', 'to_number', 'done_at'])
        .execute(),
    );
    const finals = fresh.filter((r) => FINAL_STATES.has(r.state));
    if (finals.length === 0) return 0;
    return applyMatches(ctx, trx, await matchReceipts(trx, connector, finals), now);
  });
}

/** Receipts stored for these carrier ids that no part took yet (they came before their submit answer). */
async function receiptsWaitingFor(db: Executor, connector: string, accepted: readonly AcceptedPart[]) {
  const partByKey = new Map(accepted.map(([partId, key]) => [key, partId]));
  const waiting = await chunked([...partByKey.keys()], (slice) =>
    db
      .selectFrom('carrier_receipts')
      .select(['id', 'carrier_id', 'state', 'error', 'to_number', 'done_at'])
      .where('part_id', 'is', null)
      .where('connector', '=', connector)
      .where('carrier_id', 'in', slice)
      .execute(),
  );
  const matches: Match[] = [];
  const taken = new Set<number>();
  for (const receipt of waiting.filter((r) => FINAL_STATES.has(r.state))) {
    const partId = partByKey.get(receipt.carrier_id);
    if (partId === undefined || taken.has(partId)) continue;
    taken.add(partId);
    matches.push({ partId, receipt });
  }
  return matches;
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
