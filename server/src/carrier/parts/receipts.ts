// Receipts as the connectors hand them over (docs/carrier.md#a-parts-way-and-why-nothing-is-sent-twice):
// stored, and each final one applied to its part, in the transaction that the deliver_sm_resp waits for.
import { sql } from 'kysely';
import type { GatewayContext } from '../../core/context';
import type { Executor } from '../../db/database';
import { PART } from '../../db/schema-carrier';
import type { Receipt } from '../../core/connector';
import { padded, typedValues } from '../../db/queries';
import { FINAL_STATES, finalizeRecipientsOfParts } from './recipient-status';
import { lockReceiptMatching } from '../carrier-lock';
import { carrierIdKey } from './carrier-ids';
import { chunked, endPartsOnly, IN_CHUNK, partsByCarrierId, type StoredReceipt } from './receipt-matches';

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
