import type { RecipientLedger, RecipientOutcome, RecipientToSend } from '../core/recipient-ledger';
import type { DialectName, Executor } from '../db/database';
import { STAGE } from '../db/schema-messaging';
import { byId, joinById, padded, rowsById } from '../db/queries';
import { logChanges, type StatusChange } from './recipient-events';

const ID_CHUNK = 500;

/** A recipient row joined with its message, as the carrier needs it. */
interface SendingRow {
  id: number;
  message_id: number;
  recipient_index: number;
  number: string;
  text: string | null;
  unicode: number | null;
  queued_at: number;
  short_message: string;
  message_unicode: number;
  source_address: string;
  job_id: string | null;
}

/** A recipient's text and encoding: its own, or its message's when it has none (message-store.ts). */
const toSend = (r: SendingRow): RecipientToSend => ({
  id: r.id,
  messageId: r.message_id,
  index: r.recipient_index,
  number: r.number,
  text: r.text ?? r.short_message,
  unicode: (r.text === null ? r.message_unicode : (r.unicode ?? r.message_unicode)) === 1,
  from: r.source_address,
  jobId: r.job_id,
  queuedAt: r.queued_at,
});

const sendingRows = (db: Executor) =>
  db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select(['r.id', 'r.message_id', 'r.recipient_index', 'r.number', 'r.text', 'r.unicode', 'r.queued_at'])
    .select(['m.short_message', 'm.unicode as message_unicode', 'm.source_address', 'm.job_id']);

const countBy = <T>(rows: readonly T[], key: (row: T) => number) => {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

/** `stage = queued` in the update is the claim: a concurrent claim gets nothing of what this one took. */
async function claimQueued(trx: Executor, dialect: DialectName, limit: number, now: number) {
  let select = sendingRows(trx).where('r.stage', '=', STAGE.queued).orderBy('r.id').limit(limit);
  // PostgreSQL: another instance's claim in progress is skipped, not waited for or fought over.
  if (dialect === 'postgres') select = select.forUpdate('r').skipLocked();
  const rows = await select.execute();
  if (rows.length === 0) return [];
  const done = await trx
    .updateTable('message_recipients')
    .set({ stage: STAGE.submitted, updated_at: now })
    .where('stage', '=', STAGE.queued)
    .where('id', 'in', padded(rows.map((r) => r.id)))
    .returning('id')
    .execute();
  const claimed = new Set(done.map((d) => d.id));
  const mine = rows.filter((r) => claimed.has(r.id));
  const counts = [...countBy(mine, (r) => r.message_id)].sort(([a], [b]) => a - b);
  if (counts.length > 0)
    await trx
      .updateTable('messages')
      .from(
        rowsById(
          dialect,
          counts.map(([messageId, n]) => [messageId, { n }] as const),
          { n: 'bigint' },
        ),
      )
      .set((eb) => ({ submitted: eb('submitted', '+', byId<number>('n')) }))
      .where(
        joinById(
          'messages',
          counts.map(([messageId]) => messageId),
        ),
      )
      .execute();
  return mine.map(toSend);
}

async function recipientsToSend(db: Executor, ids: readonly number[]) {
  const out: RecipientToSend[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await sendingRows(db)
      .where('r.id', 'in', ids.slice(i, i + ID_CHUNK))
      .execute();
    out.push(...rows.map(toSend));
  }
  return out;
}

/** Ends submitted recipients with their final statuses, once each (stage = submitted is the guard). */
async function endRecipients(trx: Executor, dialect: DialectName, outcomes: readonly RecipientOutcome[], now: number) {
  const byStatus = new Map<RecipientOutcome['status'], RecipientOutcome[]>();
  for (const o of outcomes) byStatus.set(o.status, [...(byStatus.get(o.status) ?? []), o]);
  const errorOf = new Map(outcomes.map((o) => [o.recipientId, o.error]));
  const ended: Omit<StatusChange, 'profileId'>[] = [];
  for (const [status, group] of byStatus) {
    const done = await trx
      .updateTable('message_recipients')
      .from(
        rowsById(
          dialect,
          // The error a failure reason is read from; a delivered recipient keeps none.
          group.map((o) => [o.recipientId, { done_at: o.doneAt, error: status === 'SENT' ? '' : o.error }] as const),
          { done_at: 'bigint', error: 'text' },
        ),
      )
      .set({
        stage: STAGE.final,
        status,
        done_at: byId<number>('done_at'),
        error: byId<string>('error'),
        updated_at: now,
      })
      .where(
        joinById(
          'message_recipients',
          group.map((o) => o.recipientId),
        ),
      )
      .where('stage', '=', STAGE.submitted)
      .returning(['id', 'message_id'])
      .execute();
    // A submitted recipient is PENDING (schema-messaging.ts, STAGE).
    for (const d of done) {
      ended.push({
        recipientId: d.id,
        messageId: d.message_id,
        oldStatus: 'PENDING',
        newStatus: status,
        error: errorOf.get(d.id) ?? '',
      });
    }
  }
  return ended;
}

/** Final statuses: the recipients, their messages' sent and failed counters, and their events. */
async function recordFinal(
  trx: Executor,
  dialect: DialectName,
  outcomes: readonly RecipientOutcome[],
  now: number,
): Promise<number> {
  const ended = await endRecipients(trx, dialect, outcomes, now);
  if (ended.length === 0) return 0;
  const counts = new Map<number, { sent: number; failed: number }>();
  for (const e of ended) {
    const c = counts.get(e.messageId) ?? { sent: 0, failed: 0 };
    if (e.newStatus === 'SENT') c.sent += 1;
    if (e.newStatus === 'FAILED') c.failed += 1;
    counts.set(e.messageId, c);
  }
  // One statement for every message, listed in id order: its counters, and its owner for the events.
  const byMessage = [...counts].sort(([a], [b]) => a - b);
  const owners = await trx
    .updateTable('messages')
    .from(
      rowsById(
        dialect,
        byMessage.map(([messageId, c]) => [messageId, c] as const),
        { sent: 'bigint', failed: 'bigint' },
      ),
    )
    .set((eb) => ({ sent: eb('sent', '+', byId<number>('sent')), failed: eb('failed', '+', byId<number>('failed')) }))
    .where(
      joinById(
        'messages',
        byMessage.map(([messageId]) => messageId),
      ),
    )
    .returning(['id', 'profile_id'])
    .execute();
  const ownerOf = new Map(owners.map((m) => [m.id, m.profile_id]));
  const changes = ended.map((e) => ({ ...e, profileId: ownerOf.get(e.messageId) ?? 0 }));
  await logChanges(trx, dialect, changes, now);
  return ended.length;
}

async function queuedCount(db: Executor) {
  const row = await db
    .selectFrom('message_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stage', '=', STAGE.queued)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messaging's side of the carrier (core/recipient-ledger.ts), given to the context by the composition root. */
export const recipientLedger: RecipientLedger = { claimQueued, recipientsToSend, recordFinal, queuedCount };
