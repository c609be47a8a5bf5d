import type { MessageRow } from '../db/schema-messaging';
import type { Executor } from '../db/database';
import { charge, refund } from '../money/balance';
import { keyOfCharge } from '../money/ledger';
import { countAdded } from '../messaging/message-batches';
import {
  markOptedOut,
  queueFromTemplates,
  templateNumbers,
  templateTotals,
  type TemplateFilter,
} from '../messaging/templates';
import { skippedTemplates } from '../optouts/screen';

export type { TemplateFilter } from '../messaging/templates';

function chunks<T>(items: readonly T[] | undefined, size: number): (readonly T[] | undefined)[] {
  if (!items) return [undefined];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Copies the chosen template recipients into a run as queued carrier work, paying for those whose
 * first delivery was not prepaid: 100,000 recipients are copied by the database, never crossing the
 * wire. Numbers on the account's suppression list at run time are ended OPTED_OUT, not charged (a
 * prepaid one is given back). Returns the new recipients' ids: the caller logs their events as its
 * transaction's last write.
 */
export async function deliverTemplates(
  db: Executor,
  reg: MessageRow,
  run: MessageRow,
  filter: TemplateFilter,
  now: number,
): Promise<number[]> {
  const queued: number[] = [];
  let volume = 0;
  for (const indices of chunks(filter.indices, 1000)) {
    if (indices && indices.length === 0) continue;
    const chunk = { ...filter, indices };
    const totals = await templateTotals(db, reg.id, chunk);
    if (totals.count === 0) continue;
    // Every run is screened: an account with no opt-out left may still hold numbers masked by an
    // erasure (docs/compliance.md#a-persons-data); the list itself is read only when it has entries.
    const skipped = await skippedTemplates(db, reg.profile_id, await templateNumbers(db, reg.id, chunk));
    const ref = { kind: 'message', id: run.id } as const;
    // A run spends for the member who registered it: their monthly cap holds it, the statement counts it.
    const paid = { reason: 'scheduled_run', ref, actor: null, at: now, member: reg.member_id } as const;
    await charge(db, reg.profile_id, totals.unpaid - skipped.unpaid, paid, `this ${reg.message_type} delivery`);
    queued.push(...(await queueFromTemplates(db, reg.id, run, chunk, now)));
    if (skipped.indices.length > 0) {
      await markOptedOut(db, run.id, skipped.indices, now);
      // Given back to the API key the send was charged through, if any: its daily cap counts it.
      const apiKeyId = await keyOfCharge(db, reg.profile_id, reg.id);
      const why = { reason: 'refund', ref, actor: null, at: now, member: reg.member_id } as const;
      await refund(db, reg.profile_id, skipped.prepaid, { ...why, ...(apiKeyId ? { apiKeyId } : {}) });
    }
    volume += totals.parts - skipped.parts;
  }
  await countAdded(db, run.id, queued.length, volume);
  return queued;
}
