// Receipts and the parts they end (docs/carrier.md#a-parts-way-and-why-nothing-is-sent-twice): a part
// found by the carrier id its receipt names, ended once with its first final receipt, then its
// recipient; receipts that came before their part's carrier id was known are given their part when it is.
import { sql } from 'kysely';
import type { GatewayContext } from '../../core/context';
import type { DialectName, Executor } from '../../db/database';
import { PART } from '../../db/schema-carrier';
import { byId, joinById, padded, rowsById, typedValues } from '../../db/queries';
import { FINAL_STATES, finalizeRecipientsOfParts } from './recipient-status';
import type { AcceptedPart } from './part-outcomes';

export const IN_CHUNK = 400;

export interface StoredReceipt {
  id: number;
  carrier_id: string;
  state: string;
  error: string;
  to_number: string;
  done_at: number | null;
}

export interface Match {
  partId: number;
  receipt: StoredReceipt;
}

export async function chunked<T, R>(items: readonly T[], run: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += IN_CHUNK) out.push(...(await run(items.slice(i, i + IN_CHUNK))));
  return out;
}

/** What a final receipt gives its part. */
type Outcome = Pick<StoredReceipt, 'state' | 'error' | 'done_at'>;

/** Ends these parts with their receipts (once: a final part is never changed); returns those it ended. */
export async function endPartsOnly(
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
export async function applyMatches(ctx: GatewayContext, trx: Executor, matches: readonly Match[], now: number) {
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
export async function partsByCarrierId(
  trx: Executor,
  dialect: DialectName,
  connector: string,
  carrierIds: readonly string[],
) {
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
export async function matchReceipts(
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

/**
 * Final receipts matched to their parts, with every receipt of the same carrier ids still without a
 * part (the intermediate ones before them), so each is given the part too; read again inside the
 * transaction, so one that another look took meanwhile is left to it.
 */
export function withSiblings(trx: Executor, connector: string, matches: readonly Match[]) {
  return receiptsWaitingFor(
    trx,
    connector,
    matches.map((m) => [m.partId, m.receipt.carrier_id] as const),
  );
}

/**
 * Receipts stored for these carrier ids that no part took yet (they came before their submit answer),
 * intermediate ones included, each with its part. Read through the index of receipts without a part
 * (receipts_waiting), which holds only those: few, however many receipts the connector has.
 */
export async function receiptsWaitingFor(db: Executor, connector: string, accepted: readonly AcceptedPart[]) {
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
