// The message rows a send's batches and a registration's runs write into: the one a batch joins (by
// its jobId), a run's own dashboard row, and the counts each batch adds.
import type { Executor } from '../db/database';
import type { MessageRow } from '../db/schema-messaging';
import { conflict } from '../core/errors';
import { refreshPreview } from './message-store';
import { newMessageRow, type MessageFields } from './message-rows';

/**
 * The message a send's batch joins: its jobId's (made by the job's first batch, whichever batch comes
 * first), or a new one. A batch that changes the job's type or sender, or joins a deleted send, is refused.
 */
export async function messageForSend(db: Executor, fields: MessageFields): Promise<MessageRow> {
  const row = newMessageRow(fields);
  if (!fields.job_key) return db.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.columns(['profile_id', 'job_key']).doNothing())
    .execute();
  const message = await db
    .selectFrom('messages')
    .selectAll()
    .where('profile_id', '=', fields.profile_id)
    .where('job_key', '=', fields.job_key)
    .executeTakeFirstOrThrow();
  if (message.kind !== fields.kind || message.source_address !== fields.source_address) {
    throw conflict(
      `This job was started as a ${message.message_type} from ${message.source_address}: keep its type and sender ID`,
    );
  }
  if (message.state === 'deleted') throw conflict('This send was deleted; start a new one');
  if ((message.template ?? null) !== (fields.template ?? null)) {
    throw conflict('This job was started with another personalized template: keep its text');
  }
  return message;
}

/** Whether a job already has its message (a later batch of a send accepted in time). */
export async function jobStarted(db: Executor, profileId: number, jobId: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('profile_id', '=', profileId)
    .where('job_key', '=', jobId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A dashboard row for one delivery of a registration (scheduled, recurring or birthday). */
export async function createRun(db: Executor, reg: MessageRow, now: number): Promise<MessageRow> {
  const row = newMessageRow(
    {
      profile_id: reg.profile_id,
      supid: reg.supid,
      username: reg.username,
      job_id: reg.job_id,
      job_key: null,
      kind: reg.kind,
      message_type: reg.message_type,
      typeandsubtype: reg.typeandsubtype,
      short_message: reg.short_message,
      template: reg.template,
      source_address: reg.source_address,
      description: reg.description,
      unicode: reg.unicode,
      flash: reg.flash,
      parts: reg.parts,
      parent_id: reg.id,
      state: 'done',
      registered_at: reg.registered_at,
      sent_at: now,
      anchor_at: null,
      next_run_at: null,
      recurring_period: reg.recurring_period,
      recurring_interval: reg.recurring_interval,
      created_at: now,
      category: reg.category,
      member_id: reg.member_id,
    },
    'bulk',
  );
  return db.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Counts recipients just added to a message (and the credits they cost, and how many of them were
 * skipped as opted out), and refreshes its preview.
 */
export async function countAdded(db: Executor, messageId: number, recipients: number, credits: number, optedOut = 0) {
  if (recipients === 0) return;
  await db
    .updateTable('messages')
    .set((eb) => ({
      posted: eb('posted', '+', recipients),
      credits: eb('credits', '+', credits),
      opted_out: eb('opted_out', '+', optedOut),
    }))
    .where('id', '=', messageId)
    .execute();
  await refreshPreview(db, messageId);
}

/** A message by id, or undefined. */
export const messageById = (db: Executor, id: number) =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
