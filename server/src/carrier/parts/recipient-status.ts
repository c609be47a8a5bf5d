import type { DialectName, Executor } from '../../db/database';
import type { RecipientLedger, RecipientOutcome } from '../../core/recipient-ledger';
import type { FinalStatus } from '../../../../src/domain/messages/message-status';
import { PART } from '../../db/schema-carrier';
import { padded } from '../../db/queries';

/** Receipt states that end a part; ACCEPTD and ENROUTE are on the way. */
export const FINAL_STATES = new Set(['DELIVRD', 'UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN']);

type PartResult = { seq: number; state: number; result: string; error: string; done_at: number | null };

const failed = (p: PartResult) => p.state === PART.final && p.result !== 'DELIVRD' && p.result !== 'UNKNOWN';

/** A recipient's status from its parts: SENT when every part was delivered, FAILED when one failed. */
export function recipientVerdict(
  parts: readonly { state: number; result: string }[],
  total: number,
): FinalStatus | null {
  const finals = parts.filter((p) => p.state === PART.final);
  if (finals.some((p) => p.result !== 'DELIVRD' && p.result !== 'UNKNOWN')) return 'FAILED';
  if (finals.length < total) return null;
  return finals.every((p) => p.result === 'DELIVRD') ? 'SENT' : 'UNKNOWN';
}

/** The error code that decided a verdict: the first failed part's, else the last part's. */
function decidingError(parts: readonly PartResult[]) {
  const sorted = [...parts].sort((a, b) => a.seq - b.seq);
  return (sorted.find(failed) ?? sorted[sorted.length - 1])?.error ?? '';
}

/**
 * Ends the recipients of these parts whose verdict is known: messaging records each once (only while
 * it is submitted), counts it on its message and appends its event. The last write of the transaction.
 */
export async function finalizeRecipientsOfParts(
  trx: Executor,
  ledger: RecipientLedger,
  dialect: DialectName,
  partIds: readonly number[],
  now: number,
) {
  if (partIds.length === 0) return 0;
  const owners = await trx
    .selectFrom('carrier_parts')
    .select('recipient_id')
    .distinct()
    .where('id', 'in', padded(partIds))
    .where('recipient_id', 'is not', null)
    .execute();
  const recipientIds = owners.map((o) => o.recipient_id!);
  if (recipientIds.length === 0) return 0;
  const parts = await trx
    .selectFrom('carrier_parts')
    .select(['recipient_id', 'seq', 'state', 'result', 'error', 'total', 'done_at'])
    .where('recipient_id', 'in', padded(recipientIds))
    .execute();
  const byRecipient = new Map<number, typeof parts>();
  for (const p of parts) {
    const list = byRecipient.get(p.recipient_id!) ?? [];
    list.push(p);
    byRecipient.set(p.recipient_id!, list);
  }
  const outcomes: RecipientOutcome[] = [];
  for (const [recipientId, list] of byRecipient) {
    const status = recipientVerdict(list, list[0]!.total);
    if (!status) continue;
    const doneAt = Math.max(...list.map((p) => p.done_at ?? now));
    outcomes.push({ recipientId, status, doneAt, error: decidingError(list) });
  }
  if (outcomes.length === 0) return 0;
  return ledger.recordFinal(trx, dialect, outcomes, now);
}
