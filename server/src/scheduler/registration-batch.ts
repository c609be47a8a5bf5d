import type { MessageRow } from '../db/schema-messaging';
import { birthdaysOn, nextBirthdayRun, startOfDay } from '../../../src/domain/messages/recurrence';
import { DAY_MS } from '../../../src/domain/dates';
import { deliverTemplates } from './runs';
import type { NewRecipient } from '../messaging/message-store';
import { messageById } from '../messaging/message-batches';
import { setNextRun } from '../messaging/registrations';
import { birthdayMonthDays } from '../messaging/templates';
import type { Executor } from '../db/database';

/**
 * After a batch joins a registration: plan a birthday send's next run, and send recipients that arrive
 * after their delivery already ran (a 413 re-split drains for minutes) with that delivery, not never.
 * Returns the ids of the recipients it queued: the caller logs their events last.
 */
export async function afterRegistrationBatch(
  db: Executor,
  reg: MessageRow,
  inserted: readonly { recipient_index: number }[],
  prepared: readonly NewRecipient[],
  now: number,
): Promise<number[]> {
  if (reg.kind === 'birthday' && reg.state === 'active') await planBirthdays(db, reg, now);
  if (reg.last_run_id === null || reg.last_run_at === null) return [];
  const run = await messageById(db, reg.last_run_id);
  if (!run) return [];
  let indices = inserted.map((r) => r.recipient_index);
  if (reg.kind === 'birthday') {
    if (startOfDay(reg.last_run_at) !== startOfDay(now)) return [];
    const today = new Set(birthdaysOn(now));
    const mdOf = new Map(prepared.map((r) => [r.index, r.birthdayMd ?? '']));
    indices = indices.filter((i) => today.has(mdOf.get(i) ?? ''));
  }
  return indices.length > 0 ? deliverTemplates(db, reg, run, { indices }, now) : [];
}

/** A birthday send runs at 08:00 Accra on each day one of its recipients has a birthday. */
export async function planBirthdays(db: Executor, reg: MessageRow, now: number): Promise<void> {
  // A run already due is the scheduler's to make (it may be catching up); it plans the next one after it.
  if (reg.next_run_at !== null && reg.next_run_at <= now) return;
  const monthDays = new Set((await birthdayMonthDays(db, reg.id)).filter(Boolean));
  // Never a second run on a day that already had one: its birthdays were sent.
  const ranToday = reg.last_run_at !== null && startOfDay(reg.last_run_at) >= startOfDay(now);
  const from = ranToday ? startOfDay(now) + DAY_MS : now;
  const next = nextBirthdayRun(monthDays, from, !ranToday);
  await setNextRun(db, reg.id, next);
}
