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

/** What a final receipt gives its part. */
type Outcome = Pick<StoredReceipt, 'state' | 'error' | 'done_at'>;

/** Ends these parts with their receipts (once: a final part is never changed); returns those it ended. */
async function endPartsOnly(
  ctx: GatewayContext,
  trx: Executor,
  matches: readonly { partId: number; receipt: Outcome }[],
  now: number,
) {
  if (matches.length === 0) return [];
  const ended = await trx
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
    .returning('carrier_parts.id')
    .execute();
  return ended.map((p) => p.id);
}

/** Ends the matched parts with their receipts (once: a final part is never changed), then (last) their recipients. */
async function endParts(ctx: GatewayContext, trx: Executor, matches: readonly Match[], now: number) {
  if (matches.length === 0) return 0;
  await endPartsOnly(ctx, trx, matches, now);
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
async function partsByCarrierId(trx: Executor, dialect: DialectName, connector: string, carrierIds: readonly string[]) {
  const found = await chunked([...new Set(carrierIds)], async (slice) => {
    const keys = typedValues(
      dialect,
      slice.map((key) => ({ key })),
      { key: 'text' },
      { padded: true },
    );
    // One look in the index a key (the first part that carries it, should a carrier give one id twice):
    // as a plain `carrier_id in (...)` this read cost PostgreSQL several times more (docs/smpp.md).
    const { rows } = await sql<{ carrier_id: string; id: number | null }>`select v.column1 as carrier_id,
        (select min(p.id) from carrier_parts p where p.connector = ${connector} and p.carrier_id = v.column1) as id
      from ${keys} as v where v.column1 is not null`.execute(trx);
    return rows;
  });
  return new Map(found.filter((p) => p.id !== null).map((p) => [p.carrier_id, p.id!]));
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
async function matchReceipts(
  trx: Executor,
  dialect: DialectName,
  connector: string,
  receipts: readonly StoredReceipt[],
) {
  const byCarrierId = await partsByCarrierId(
    trx,
    dialect,
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
 * SQLite only: ends the parts of this connector that carry these final receipts' carrier ids (a final
 * part is never changed again) and returns them. The first statement of its transaction, and a write
 * even when it ends nothing: SQLite then takes its writer lock before anything is read, so a second
 * process that committed meanwhile cannot leave it a stale read. (PostgreSQL's planner would read
 * every part not yet final for it: there, the parts are found by their ids first, then ended.)
 */
async function endPartsByCarrierId(trx: Executor, connector: string, finals: readonly KeyedReceipt[], now: number) {
  const ended: { id: number; carrier_id: string | null }[] = [];
  // One statement at least (the writer lock), then IN_CHUNK receipts a statement.
  for (let i = 0; i === 0 || i < finals.length; i += IN_CHUNK)
    ended.push(...(await endPartsOfKeys(trx, connector, finals.slice(i, i + IN_CHUNK), now)));
  return ended;
}

function endPartsOfKeys(trx: Executor, connector: string, finals: readonly KeyedReceipt[], now: number) {
  const rows = typedValues(
    'sqlite',
    finals.map((r) => ({ carrier_id: r.carrier_id, result: r.state, error: r.error, done_at: r.done_at ?? now })),
    { carrier_id: 'text', result: 'text', error: 'text', done_at: 'bigint' },
    // A row of nulls matches no part.
    { padded: true },
  );
  const keys = padded(finals.map((r) => r.carrier_id));
  return (
    trx
      .updateTable('carrier_parts')
      .from(
        sql`(select column1 as v_carrier_id, column2 as v_result, column3 as v_error, column4 as v_done_at from ${rows} as r)`.as(
          'by_key',
        ),
      )
      .set({
        state: PART.final,
        result: sql<string>`by_key.v_result`,
        error: sql<string>`by_key.v_error`,
        done_at: sql<number>`by_key.v_done_at`,
        updated_at: now,
      })
      .where('carrier_parts.connector', '=', connector)
      // The keys listed again: the planner reads the parts by their carrier ids whatever it guesses of
      // the rows (as joinById does).
      .where('carrier_parts.carrier_id', 'in', keys.length > 0 ? keys : [null])
      .whereRef('carrier_parts.carrier_id', '=', sql.ref('by_key.v_carrier_id'))
      .where('carrier_parts.state', 'in', [PART.submitting, PART.accepted, PART.inDoubt])
      .returning(['carrier_parts.id', 'carrier_parts.carrier_id'])
      .execute()
  );
}

type KeyedReceipt = Omit<StoredReceipt, 'id'>;

/**
 * Stores receipts and applies the final ones to their parts. A receipt whose part already carries its
 * carrier id is not stored: the part keeps its outcome (result, error, done_at), a final part is never
 * changed again, and a repeat finds its part the same way, so it changes nothing. One whose part has
 * no carrier id yet (its submit answer is still on the way, or was lost) waits in carrier_receipts,
 * where a repeat of it is a no-op, until recordOutcomes or the in-doubt match applies it. Resolves
 * once committed: only then may deliver_sm_resp go.
 */
export async function storeReceipts(ctx: GatewayContext, connector: string, receipts: readonly Receipt[]) {
  if (receipts.length === 0) return 0;
  const now = ctx.now();
  const keyed: KeyedReceipt[] = receipts.map((r) => ({
    carrier_id: carrierIdKey(r.carrierId),
    state: r.state,
    error: r.error,
    to_number: r.to,
    done_at: r.doneAt,
  }));
  // The first final receipt of each carrier id ends its part.
  const finals = new Map<string, KeyedReceipt>();
  for (const r of keyed) if (FINAL_STATES.has(r.state) && !finals.has(r.carrier_id)) finals.set(r.carrier_id, r);
  return ctx.db.transaction().execute(async (trx) => {
    await lockReceiptMatching(ctx.db, trx, connector);
    const ended =
      ctx.db.dialectName === 'sqlite' ? await endPartsByCarrierId(trx, connector, [...finals.values()], now) : [];
    const partOf = new Map(ended.map((p) => [p.carrier_id!, p.id]));
    const endedIds = ended.map((p) => p.id);
    const unsure = [...new Set(keyed.map((r) => r.carrier_id).filter((key) => !partOf.has(key)))];
    if (unsure.length > 0) {
      const found = await partsByCarrierId(trx, ctx.db.dialectName, connector, unsure);
      // A final receipt whose part this read found and the update above did not (every one, on
      // PostgreSQL; on SQLite a repeat, whose part is final and stays so) ends here. On PostgreSQL this
      // read alone decides which receipts wait: one that did not see its part's carrier id waits, and
      // the look after that answer's commit (applyReceiptsThatWaited) finds it.
      const late = unsure.flatMap((key) => {
        const receipt = finals.get(key);
        const partId = found.get(key);
        return receipt && partId !== undefined ? [{ partId, receipt }] : [];
      });
      endedIds.push(...(await endPartsOnly(ctx, trx, late, now)));
      for (const [key, id] of found) partOf.set(key, id);
    }
    await chunked(
      keyed.filter((r) => !partOf.has(r.carrier_id)),
      (slice) =>
        trx
          .insertInto('carrier_receipts')
          .values(slice.map((r) => ({ ...r, connector, received_at: now })))
          .onConflict((oc) => oc.columns(['connector', 'carrier_id', 'state']).doNothing())
          .execute(),
    );
    return finalizeRecipientsOfParts(trx, ctx.recipients, ctx.db.dialectName, endedIds, now);
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
