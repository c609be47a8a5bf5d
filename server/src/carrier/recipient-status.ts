import type { Executor } from '../db/database';
import { PART } from '../db/schema-carrier';
import { STAGE } from '../db/schema-messaging';
import { caseNumberById } from './part-claims';

/** Receipt states that end a part; ACCEPTD and ENROUTE are on the way. */
export const FINAL_STATES = new Set(['DELIVRD', 'UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN']);

/** A recipient's status from its parts: SENT when every part was delivered, FAILED when one failed. */
export function recipientVerdict(parts: readonly { state: number; result: string }[], total: number) {
  const finals = parts.filter((p) => p.state === PART.final);
  if (finals.some((p) => p.result !== 'DELIVRD' && p.result !== 'UNKNOWN')) return 'FAILED';
  if (finals.length < total) return null;
  return finals.every((p) => p.result === 'DELIVRD') ? 'SENT' : 'UNKNOWN';
}

/**
 * Ends the recipients of these parts whose verdict is known, once (stage = submitted is the guard),
 * and counts them on their message.
 */
export async function finalizeRecipientsOfParts(trx: Executor, partIds: readonly number[], now: number) {
  if (partIds.length === 0) return 0;
  const owners = await trx
    .selectFrom('carrier_parts')
    .select('recipient_id')
    .distinct()
    .where('id', 'in', partIds)
    .where('recipient_id', 'is not', null)
    .execute();
  const recipientIds = owners.map((o) => o.recipient_id!);
  if (recipientIds.length === 0) return 0;
  const parts = await trx
    .selectFrom('carrier_parts')
    .select(['recipient_id', 'state', 'result', 'total', 'done_at'])
    .where('recipient_id', 'in', recipientIds)
    .execute();
  const byRecipient = new Map<number, typeof parts>();
  for (const p of parts) {
    const list = byRecipient.get(p.recipient_id!) ?? [];
    list.push(p);
    byRecipient.set(p.recipient_id!, list);
  }
  const verdicts = new Map<string, [number, number][]>();
  for (const [id, list] of byRecipient) {
    const verdict = recipientVerdict(list, list[0]!.total);
    if (!verdict) continue;
    const group = verdicts.get(verdict) ?? [];
    group.push([id, Math.max(...list.map((p) => p.done_at ?? now))]);
    verdicts.set(verdict, group);
  }
  const counts = new Map<number, { sent: number; failed: number }>();
  let finished = 0;
  for (const [status, group] of verdicts) {
    const done = await trx
      .updateTable('message_recipients')
      .set({ stage: STAGE.final, status, done_at: caseNumberById(group), updated_at: now })
      .where(
        'id',
        'in',
        group.map(([id]) => id),
      )
      .where('stage', '=', STAGE.submitted)
      .returning('message_id')
      .execute();
    finished += done.length;
    for (const d of done) {
      const c = counts.get(d.message_id) ?? { sent: 0, failed: 0 };
      if (status === 'SENT') c.sent += 1;
      if (status === 'FAILED') c.failed += 1;
      counts.set(d.message_id, c);
    }
  }
  for (const [messageId, c] of counts) {
    if (c.sent === 0 && c.failed === 0) continue;
    await trx
      .updateTable('messages')
      .set((eb) => ({ sent: eb('sent', '+', c.sent), failed: eb('failed', '+', c.failed) }))
      .where('id', '=', messageId)
      .execute();
  }
  return finished;
}
