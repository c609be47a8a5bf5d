import { sql } from 'kysely';
import type { Executor } from '../db/database';
import type { MessageRow, MessageState } from '../db/schema-messaging';
import { searchTextOf } from './message-store';

/** Where a registration goes after a run: still active with its next run, or done. */
export interface RunPlan {
  state: MessageState;
  next_run_at: number | null;
  slot: number;
}

/** Registrations whose next run is due, the most overdue first, but those in `skip` (failed this tick). */
export const dueRegistrations = (db: Executor, now: number, limit: number, skip: readonly number[] = []) =>
  db
    .selectFrom('messages')
    .selectAll()
    .where('state', '=', 'active')
    .where('next_run_at', '<=', now)
    .$if(skip.length > 0, (q) => q.where('id', 'not in', skip))
    .orderBy('next_run_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Claims the run due at `runAt`: the registration moves on to its plan only if it still holds that
 * time, so of two racing schedulers one claims it. False when another got there first.
 */
export async function claimRun(
  db: Executor,
  reg: MessageRow,
  runAt: number,
  plan: RunPlan,
  now: number,
  lastError: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('messages')
    .set({ ...plan, last_run_at: now, run_count: reg.run_count + 1, last_error: lastError })
    .where('id', '=', reg.id)
    .where('state', '=', 'active')
    .where('next_run_at', '=', runAt)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** A run that delivered nothing leaves no row; one that did becomes its registration's latest. */
export async function settleRun(db: Executor, regId: number, runId: number, delivered: boolean) {
  if (!delivered) await db.deleteFrom('messages').where('id', '=', runId).execute();
  else await db.updateTable('messages').set({ last_run_id: runId }).where('id', '=', regId).execute();
}

/** A birthday send's next run. */
export async function setNextRun(db: Executor, regId: number, next: number | null) {
  await db.updateTable('messages').set({ next_run_at: next }).where('id', '=', regId).execute();
}

/**
 * The caller's own registration on that list, or undefined. Locked (PostgreSQL's FOR UPDATE; SQLite
 * runs one transaction at a time anyway), the row stays so until the transaction ends.
 */
export async function ownRegistration(
  db: Executor,
  profileId: number,
  list: 'scheduled' | 'recurring',
  id: number,
  lock: boolean,
): Promise<MessageRow | undefined> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .where('list', '=', list)
    .where('state', '<>', 'deleted');
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** What an edit may change on a registration. */
export type RegistrationFields = Pick<
  MessageRow,
  | 'short_message'
  | 'template'
  | 'source_address'
  | 'description'
  | 'unicode'
  | 'parts'
  | 'anchor_at'
  | 'recurring_period'
  | 'recurring_interval'
>;

/**
 * Saves an edit: its fields, the credits its prepaid deliveries now hold (+ delta), no last error, and
 * (unless birthdays, planned apart) the next run at the new time with the cadence counted from it.
 */
export async function saveRegistrationEdit(db: Executor, reg: MessageRow, fields: RegistrationFields, delta: number) {
  await db
    .updateTable('messages')
    .set({
      ...fields,
      search_text: searchTextOf({ ...reg, ...fields, at: fields.anchor_at }),
      credits: sql<number>`credits + ${delta}`,
      last_error: '',
      ...(reg.kind === 'birthday' ? {} : { next_run_at: fields.anchor_at, slot: 0 }),
    })
    .where('id', '=', reg.id)
    .execute();
}

/** Deletes a registration (hidden, never runs again); false when it was deleted already. */
export async function markDeleted(db: Executor, regId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('messages')
    .set({ state: 'deleted', next_run_at: null })
    .where('id', '=', regId)
    .where('state', '<>', 'deleted')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Runs due now and how late the oldest is (ms, 0 when none): the scheduler's backlog for metrics. */
export async function dueRunsBacklog(db: Executor, now: number): Promise<{ due: number; oldestLateMs: number }> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('next_run_at').as('oldest')])
    .where('state', '=', 'active')
    .where('next_run_at', '<=', now)
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : Number(row.oldest);
  return { due: Number(row.n), oldestLateMs: oldest === null ? 0 : Math.max(0, now - oldest) };
}
