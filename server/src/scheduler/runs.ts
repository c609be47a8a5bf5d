import type { MessageRow } from '../db/schema-messaging';
import type { Executor } from '../db/database';
import { charge } from '../credit/balance';
import { countAdded } from '../messaging/message-rows';
import { queueFromTemplates, templateTotals, type TemplateFilter } from '../messaging/templates';

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
 * wire. Returns the new recipients' ids: the caller logs their events as its transaction's last write.
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
    await charge(db, reg.profile_id, totals.unpaid, `this ${reg.message_type} delivery`);
    queued.push(...(await queueFromTemplates(db, reg.id, run, chunk, now)));
    volume += totals.parts;
  }
  await countAdded(db, run.id, queued.length, volume);
  return queued;
}
