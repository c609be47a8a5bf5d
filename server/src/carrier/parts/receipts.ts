import { sql } from 'kysely';
import type { GatewayContext } from '../../core/context';
import type { DialectName, Executor } from '../../db/database';
import { PART } from '../../db/schema-carrier';
import type { Receipt } from '../../core/connector';
import { byId, joinById, padded, rowsById, typedValues } from '../../db/queries';
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
async function endParts(ctx: GatewayContext, trx: Executor, matches: readonly Match[], now: number) {
  if (matches.length === 0) return 0;
  await trx
    .updateTable('carrier_parts')
    .from(
      rowsById(
        ctx.db.dialectName,
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
    .where(
      joinById(
        'carrier_parts',
        matches.map((m) => m.partId),
      ),
    )
    .where('state', 'in', [PART.submitting, PART.accepted, PART.inDoubt])
    .execute();
  return finalizeRecipientsOfParts(
    trx,
    ctx.recipients,
    ctx.db.dialectName,
    matches.map((m) => m.partId),
    now,
  );
}

/**
 * Receipts stored before their part was known: each gets its part (intermediate ones too, so erasing
 * the number finds them by their part), then the parts end with their first final receipt.
 */
async function applyMatches(ctx: GatewayContext, trx: Executor, matches: readonly Match[], now: number) {
  if (matches.length === 0) return 0;
  await trx
    .updateTable('carrier_receipts')
    .from(
      rowsById(
        ctx.db.dialectName,
        matches.map((m) => [m.receipt.id, { part_id: m.partId }] as const),
        { part_id: 'bigint' },
      ),
    )
    .set({ part_id: byId<number>('part_id') })
    .where(
      joinById(
        'carrier_receipts',
        matches.map((m) => m.receipt.id),
      ),
    )
    .execute();
  const partOf = new Map(matches.map((m) => [m.receipt, m.partId]));
  const finals = matches.map((m) => m.receipt).filter((r) => FINAL_STATES.has(r.state));
  return endParts(
    ctx,
    trx,
    firstEach(finals, (r) => partOf.get(r)),
    now,
  );
}

/** The parts of this connector that carry these carrier ids (already in the form the receipts use). */
async function partsByCarrierId(trx: Executor, connector: string, carrierIds: readonly string[]) {
  const parts = await chunked([...new Set(carrierIds)], (slice) =>
    trx
      .selectFrom('carrier_parts')
      .select(['id', 'carrier_id'])
      .where('connector', '=', connector)
      .where('carrier_id', 'in', slice)
      .execute(),
  );
  return new Map(parts.map((p) => [p.carrier_id!, p.id]));
}

/** Each part with the first of these receipts that names it (a part ends once). */
function firstEach<R extends StoredReceipt>(receipts: readonly R[], partOf: (receipt: R) => number | null | undefined) {
  const matches: Match[] = [];
  const taken = new Set<number>();
  for (const receipt of receipts) {
    const partId = partOf(receipt);
    if (partId === undefined || partId === null || taken.has(partId)) continue;
    taken.add(partId);
    matches.push({ partId, receipt });
  }
  return matches;
}

/** Finds each receipt's part by its carrier id. */
async function matchReceipts(trx: Executor, connector: string, receipts: readonly StoredReceipt[]) {
  const byCarrierId = await partsByCarrierId(
    trx,
    connector,
    receipts.map((r) => r.carrier_id),
  );
  return firstEach(receipts, (r) => byCarrierId.get(r.carrier_id));
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
  return ctx.db.transaction().execute(async (trx) => {
    const matches = await matchReceipts(trx, connector, recent);
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
 * Final receipts matched to their parts, with every receipt of the same carrier ids still without a
 * part (the intermediate ones before them), so each is given the part too; read again inside the
 * transaction, so one that another look took meanwhile is left to it.
 */
function withSiblings(trx: Executor, connector: string, matches: readonly Match[]) {
  return receiptsWaitingFor(
    trx,
    connector,
    matches.map((m) => [m.partId, m.receipt.carrier_id] as const),
  );
}

/**
 * The receipts' rows, each with its part when a part of this connector already carries its carrier
 * id: found in the insert itself, so the receipt is written once (not inserted, then updated) and the
 * transaction writes from its first statement (SQLite's writer lock, taken before anything is read).
 * The WHERE (which leaves out the rows of nulls SQLite's list is padded with) also lets SQLite read
 * the ON CONFLICT that follows an INSERT ... SELECT.
 */
function withTheirParts(dialect: DialectName, connector: string, receipts: readonly Receipt[], now: number) {
  const rows = typedValues(
    dialect,
    receipts.map((r) => ({
      carrier_id: carrierIdKey(r.carrierId),
      state: r.state,
      error: r.error,
      to_number: r.to,
      done_at: r.doneAt,
    })),
    { carrier_id: 'text', state: 'text', error: 'text', to_number: 'text', done_at: 'bigint' },
    { padded: true },
  );
  return sql<never>`select ${connector}, v.column1, v.column2, v.column3, v.column4, v.column5, cast(${now} as bigint),
      (select min(p.id) from carrier_parts p where p.connector = ${connector} and p.carrier_id = v.column1)
    from ${rows} as v where v.column1 is not null`;
}

/**
 * Stores receipts (a repeat of one is a no-op) and applies the final ones to their parts. A receipt
 * is stored with its part when the part's carrier id is known (one write, not an insert and an
 * update); one whose part has no carrier id yet (its submit answer is still on the way) waits in
 * carrier_receipts without one until recordOutcomes applies it. Resolves once committed: only then
 * may deliver_sm_resp go.
 */
export async function storeReceipts(ctx: GatewayContext, connector: string, receipts: readonly Receipt[]) {
  if (receipts.length === 0) return 0;
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockReceiptMatching(ctx.db, trx, connector);
    const fresh = await chunked(receipts, (slice) =>
      trx
        .insertInto('carrier_receipts')
        .columns(['connector', 'carrier_id', 'state', 'error', 'to_number', 'done_at', 'received_at', 'part_id'])
        .expression(withTheirParts(ctx.db.dialectName, connector, slice, now))
        .onConflict((oc) => oc.columns(['connector', 'carrier_id', 'state']).doNothing())
        .returning(['id', 'carrier_id', 'state', 'error', 'to_number', 'done_at', 'part_id'])
        .execute(),
    );
    const finals = fresh.filter((r) => FINAL_STATES.has(r.state));
    return endParts(
      ctx,
      trx,
      firstEach(finals, (r) => r.part_id),
      now,
    );
  });
}

/**
 * Receipts stored for these carrier ids that no part took yet (they came before their submit answer),
 * intermediate ones included, each with its part. Read through the index of receipts without a part
 * (receipts_waiting), which holds only those: few, however many receipts the connector has.
 */
async function receiptsWaitingFor(db: Executor, connector: string, accepted: readonly AcceptedPart[]) {
  const partByKey = new Map(accepted.map(([partId, key]) => [key, partId]));
  const waiting = await chunked([...partByKey.keys()], (slice) =>
    db
      .selectFrom('carrier_receipts')
      .select(['id', 'carrier_id', 'state', 'error', 'to_number', 'done_at'])
      .where('part_id', 'is', null)
      .where('connector', '=', connector)
      .where('carrier_id', 'in', padded(slice))
      .orderBy('id')
      .execute(),
  );
  return waiting.map((receipt) => ({ partId: partByKey.get(receipt.carrier_id)!, receipt }));
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
