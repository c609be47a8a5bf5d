import type { Executor } from '../db/database';
import { PART } from '../db/schema-carrier';
import type { SubmitOutcome } from './connector';
import { caseById } from './part-claims';
import { carrierIdKey } from './carrier-ids';
import { finalizeRecipientsOfParts } from './recipient-status';
import { applyWaitingReceipts } from './receipts';

export interface PartOutcome {
  partId: number;
  outcome: SubmitOutcome;
}

/**
 * Records what the connector said of written parts: the carrier's id, a permanent refusal (the part
 * fails), a part never written (back to 'claimed': the dispatcher keeps it first in line), or no
 * answer (in doubt: never sent again). Receipts that came before their answer are applied here.
 */
export async function recordOutcomes(trx: Executor, connector: string, outcomes: readonly PartOutcome[], now: number) {
  const accepted: [number, string][] = [];
  const rejected: [number, string][] = [];
  const inDoubt: [number, string][] = [];
  const retry: number[] = [];
  for (const { partId, outcome } of outcomes) {
    // The connector gives the id in the form its receipts use; one key for it (case, leading zeros).
    if (outcome.kind === 'accepted') accepted.push([partId, carrierIdKey(outcome.carrierId)]);
    else if (outcome.kind === 'rejected') rejected.push([partId, `${outcome.code} ${outcome.reason}`.trim()]);
    else if (outcome.kind === 'in-doubt') inDoubt.push([partId, outcome.reason]);
    else retry.push(partId);
  }
  if (accepted.length > 0) {
    await trx
      .updateTable('carrier_parts')
      .set({ state: PART.accepted, carrier_id: caseById(accepted), updated_at: now })
      .where(
        'id',
        'in',
        accepted.map(([id]) => id),
      )
      // An answer also settles a part another instance had put in doubt meanwhile.
      .where('state', 'in', [PART.submitting, PART.inDoubt])
      .execute();
    await applyWaitingReceipts(trx, connector, accepted, now);
  }
  if (rejected.length > 0) {
    await trx
      .updateTable('carrier_parts')
      .set({ state: PART.final, result: 'REJECTED', error: caseById(rejected), done_at: now, updated_at: now })
      .where(
        'id',
        'in',
        rejected.map(([id]) => id),
      )
      .execute();
    await finalizeRecipientsOfParts(
      trx,
      rejected.map(([id]) => id),
      now,
    );
  }
  if (inDoubt.length > 0) {
    await trx
      .updateTable('carrier_parts')
      .set({ state: PART.inDoubt, error: caseById(inDoubt), updated_at: now })
      .where(
        'id',
        'in',
        inDoubt.map(([id]) => id),
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
}
