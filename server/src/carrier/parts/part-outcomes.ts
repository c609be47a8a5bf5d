import type { QueryCreator } from 'kysely';
import type { Db, DialectName, Executor } from '../../db/database';
import type { Database } from '../../db/schema';
import { PART } from '../../db/schema-carrier';
import { byId, joinById, rowsById } from '../../db/queries';
import type { RecipientLedger } from '../../core/recipient-ledger';
import type { SubmitOutcome } from '../../core/connector';
import { markSubmitting, markSubmittingQuery } from './part-claims';
import { carrierIdKey } from './carrier-ids';
import { finalizeRecipientsOfParts } from './recipient-status';
import { lockReceiptMatching } from '../carrier-lock';

export interface PartOutcome {
  partId: number;
  outcome: SubmitOutcome;
}

/** A part's id and its carrier id, in the form the receipts use. */
export type AcceptedPart = readonly [number, string];

const acceptedOf = (outcomes: readonly PartOutcome[]): AcceptedPart[] =>
  outcomes.flatMap(({ partId, outcome }) =>
    // The connector gives the id in the form its receipts use; one key for it (case, leading zeros).
    outcome.kind === 'accepted' ? [[partId, carrierIdKey(outcome.carrierId)] as const] : [],
  );

/**
 * Records what the connector said of written parts: the carrier's id, a permanent refusal (the part
 * fails), a part never written (back to 'claimed': the dispatcher keeps it first in line), or no
 * answer (in doubt: never sent again). Returns the accepted parts: receipts that came before their
 * answer are looked for once this is committed (receipts.ts, applyReceiptsThatWaited).
 */
export async function recordOutcomes(
  trx: Executor,
  ledger: RecipientLedger,
  dialect: DialectName,
  outcomes: readonly PartOutcome[],
  now: number,
): Promise<AcceptedPart[]> {
  const accepted = acceptedOf(outcomes);
  const rejected: [number, string][] = [];
  const inDoubt: [number, string][] = [];
  const retry: number[] = [];
  for (const { partId, outcome } of outcomes) {
    if (outcome.kind === 'rejected') rejected.push([partId, `${outcome.code} ${outcome.reason}`.trim()]);
    else if (outcome.kind === 'in-doubt') inDoubt.push([partId, outcome.reason]);
    else if (outcome.kind === 'retry') retry.push(partId);
  }
  if (accepted.length > 0) await acceptParts(trx, dialect, accepted, now).execute();
  if (inDoubt.length > 0) {
    await trx
      .updateTable('carrier_parts')
      .from(errorsById(dialect, inDoubt))
      .set({ state: PART.inDoubt, error: byId<string>('error'), updated_at: now })
      .where(
        joinById(
          'carrier_parts',
          inDoubt.map(([id]) => id),
        ),
      )
      .where('state', '=', PART.submitting)
      .execute();
  }
  if (retry.length > 0) {
    await trx
      .updateTable('carrier_parts')
      .set({ state: PART.claimed, updated_at: now })
      .where('id', 'in', retry)
      .where('state', '=', PART.submitting)
      .execute();
  }
  if (rejected.length > 0) {
    await trx
      .updateTable('carrier_parts')
      .from(errorsById(dialect, rejected))
      .set({ state: PART.final, result: 'REJECTED', error: byId<string>('error'), done_at: now, updated_at: now })
      .where(
        joinById(
          'carrier_parts',
          rejected.map(([id]) => id),
        ),
      )
      .execute();
    // Last: ending recipients appends their events (messaging/recipient-events.ts).
    await finalizeRecipientsOfParts(
      trx,
      ledger,
      dialect,
      rejected.map(([id]) => id),
      now,
    );
  }
  return accepted;
}

const errorsById = (dialect: DialectName, pairs: readonly [number, string][]) =>
  rowsById(
    dialect,
    pairs.map(([id, error]) => [id, { error }] as const),
    { error: 'text' },
  );

/** The update that gives accepted parts their carrier ids; also settles a part another instance had put in doubt. */
const acceptParts = (
  db: QueryCreator<Database>,
  dialect: DialectName,
  accepted: readonly AcceptedPart[],
  now: number,
) =>
  db
    .updateTable('carrier_parts')
    .from(
      rowsById(
        dialect,
        accepted.map(([id, carrierId]) => [id, { carrier_id: carrierId }] as const),
        { carrier_id: 'text' },
      ),
    )
    .set({ state: PART.accepted, carrier_id: byId<string>('carrier_id'), updated_at: now })
    .where(
      joinById(
        'carrier_parts',
        accepted.map(([id]) => id),
      ),
    )
    .where('state', 'in', [PART.submitting, PART.inDoubt]);

/**
 * One commit for the answers so far and the next parts to write, saved as 'submitting' before they
 * go on the wire: returns those saved (the ones this instance still owns) and the accepted parts.
 * Nearly every answer is an acceptance: on PostgreSQL both updates are then one statement, one
 * round trip, as at a window of 10 the send's pace is this round trip plus the carrier's. A refusal ends
 * recipients: that transaction takes the connector's lock, as storing receipts does.
 */
export async function recordAndMark(
  db: Db,
  ledger: RecipientLedger,
  connector: string,
  owner: string,
  answers: readonly PartOutcome[],
  ids: readonly number[],
  now: number,
): Promise<{ marked: Set<number>; accepted: AcceptedPart[] }> {
  if (answers.length === 0) return { marked: await markSubmitting(db, owner, ids, now), accepted: [] };
  if (db.dialectName === 'postgres' && answers.every((a) => a.outcome.kind === 'accepted')) {
    const accepted = acceptedOf(answers);
    if (ids.length === 0) {
      await acceptParts(db, db.dialectName, accepted, now).execute();
      return { marked: new Set(), accepted };
    }
    const rows = await markSubmittingQuery(
      db.with('answered', (qb) => acceptParts(qb, db.dialectName, accepted, now).returning('id')),
      owner,
      ids,
      now,
    ).execute();
    return { marked: new Set(rows.map((r) => r.id)), accepted };
  }
  return db.transaction().execute(async (trx) => {
    if (answers.some((a) => a.outcome.kind === 'rejected')) await lockReceiptMatching(db, trx, connector);
    const marked = await markSubmitting(trx, owner, ids, now);
    return { marked, accepted: await recordOutcomes(trx, ledger, db.dialectName, answers, now) };
  });
}
