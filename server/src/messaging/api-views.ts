import type { ModeRows } from '../core/scope';
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { STAGE } from '../db/schema-messaging';

/**
 * The integrators' API reads (docs/api-v1.md): a message is a recipient of a batch the API sent (a
 * message row with its api_mode). A scheduled batch's recipients are templates; once it has run, each
 * is read through its delivery, the recipient of the same index in the registration's latest run.
 */

/** The error code of a FAILED recipient whose message expired before delivery. */
export const EXPIRED_ERROR = 'EXPIRED';

/** A message's status in the API's words, from the template (r), its delivery (d) and the batch (m). */
const STATUS = sql<string>`case
  when coalesce(d.stage, r.stage) = ${sql.lit(STAGE.template)} then (case when m.state = 'deleted' then 'cancelled' else 'scheduled' end)
  when coalesce(d.stage, r.stage) in (${sql.lit(STAGE.queued)}, ${sql.lit(STAGE.held)}) then 'queued'
  when coalesce(d.stage, r.stage) = ${sql.lit(STAGE.submitted)} then 'sent'
  when coalesce(d.status, r.status) = 'SENT' then 'delivered'
  when coalesce(d.status, r.status) = 'UNKNOWN' then 'unknown'
  when coalesce(d.status, r.status) = 'OPTED_OUT' then 'opted_out'
  when exists (select 1 from recipient_events e where e.recipient_id = coalesce(d.id, r.id)
    and e.new_status = 'FAILED' and e.error = ${sql.lit(EXPIRED_ERROR)}) then 'expired'
  else 'failed'
end`;

const base = (db: Executor, scope: ModeRows) =>
  db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .leftJoin('message_recipients as d', (j) =>
      j.onRef('d.message_id', '=', 'm.last_run_id').onRef('d.recipient_index', '=', 'r.recipient_index'),
    )
    .where('m.profile_id', '=', scope.own)
    .where('m.api_mode', '=', scope.mode);

type Base = ReturnType<typeof base>;

const withColumns = (q: Base) =>
  q.select([
    'r.id',
    'r.recipient_index',
    'r.number',
    'r.text',
    'r.parts',
    'r.queued_at',
    'm.id as batch_id',
    'm.short_message',
    'm.source_address',
    'm.reference',
    'm.api_mode',
    'm.kind',
    'm.anchor_at',
    'd.id as delivery_id',
    STATUS.as('status'),
  ]);

export type ApiMessageRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

export interface ApiMessageFilter {
  limit: number;
  /** Only recipients with a lower id (the cursor of the page before). */
  beforeId?: number;
  status?: string;
  batchId?: number;
  reference?: string;
  from?: string;
  since?: number;
  until?: number;
}

/** One message of the caller's batches in that mode, or undefined. */
export async function apiMessage(db: Executor, scope: ModeRows, recipientId: number) {
  return withColumns(base(db, scope).where('r.id', '=', recipientId)).executeTakeFirst();
}

/** The caller's messages in that mode, newest first, with the filters of listMessages. */
export async function apiMessages(db: Executor, scope: ModeRows, f: ApiMessageFilter) {
  let q: Base = base(db, scope);
  if (f.beforeId !== undefined) q = q.where('r.id', '<', f.beforeId);
  if (f.status !== undefined) q = q.where(STATUS, '=', f.status);
  if (f.batchId !== undefined) q = q.where('m.id', '=', f.batchId);
  if (f.reference !== undefined) q = q.where('m.reference', '=', f.reference);
  if (f.from !== undefined) q = q.where('m.source_address', '=', f.from);
  if (f.since !== undefined) q = q.where('r.queued_at', '>=', f.since);
  if (f.until !== undefined) q = q.where('r.queued_at', '<', f.until);
  return withColumns(q).orderBy('r.id', 'desc').limit(f.limit).execute();
}

/** The recipients a send accepted, by their indices, with their statuses. */
export async function apiMessagesByIndex(db: Executor, scope: ModeRows, batchId: number, indices: number[]) {
  if (indices.length === 0) return [];
  const rows = await withColumns(base(db, scope).where('m.id', '=', batchId))
    .orderBy('r.recipient_index')
    .execute();
  const wanted = new Set(indices);
  return rows.filter((r) => wanted.has(r.recipient_index));
}

/** Each status change of these recipients (a template and its delivery), oldest first. */
export async function apiHistory(db: Executor, recipientIds: number[]) {
  if (recipientIds.length === 0) return [];
  return db
    .selectFrom('recipient_events')
    .select(['recipient_id', 'new_status', 'error', 'created_at'])
    .where('recipient_id', 'in', recipientIds)
    .orderBy('id')
    .execute();
}

/** A batch of the caller's in that mode with its recipients counted by status, or undefined. */
export async function apiBatch(db: Executor, scope: ModeRows, batchId: number) {
  const message = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', batchId)
    .where('profile_id', '=', scope.own)
    .where('api_mode', '=', scope.mode)
    .executeTakeFirst();
  if (!message) return undefined;
  const perRecipient = base(db, scope)
    .where('m.id', '=', batchId)
    .select([STATUS.as('status'), 'r.parts'])
    .as('t');
  const counts = await db
    .selectFrom(perRecipient)
    .select(['t.status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('t.parts').as('parts')])
    .groupBy('t.status')
    .execute();
  return {
    message,
    counts: counts.map((c) => ({ status: c.status, n: Number(c.n), parts: Number(c.parts ?? 0) })),
  };
}

/** Live sends through the API per account since a time: batches, recipients accepted and credits. */
export async function liveApiUsage(db: Executor, profileIds: readonly number[], since: number) {
  if (profileIds.length === 0) return [];
  const rows = await db
    .selectFrom('messages')
    .select([
      'profile_id',
      (eb) => eb.fn.countAll<number>().as('batches'),
      (eb) => eb.fn.sum<number>('posted').as('recipients'),
      (eb) => eb.fn.sum<number>('credits').as('credits'),
    ])
    .where('profile_id', 'in', profileIds)
    .where('api_mode', '=', 'live')
    .where('parent_id', 'is', null)
    .where('created_at', '>=', since)
    .groupBy('profile_id')
    .execute();
  return rows.map((r) => ({
    profileId: r.profile_id,
    batches: Number(r.batches),
    recipients: Number(r.recipients ?? 0),
    credits: Number(r.credits ?? 0),
  }));
}
