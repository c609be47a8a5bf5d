import { sql } from 'kysely';
import type { DialectName, Executor } from '../db/database';
import type { RecipientEventRow } from '../db/schema-messaging';
import type { FinalStatus, RecipientStatus } from '../../../src/domain/messages/message-status';
import { yieldToLoop } from '../core/event-loop';
import { typedValues } from '../db/queries';
import { prepared } from '../db/prepared-statements';
import { pruneInIdOrder } from '../db/prune-in-id-order';
import { countChanged, countChangedCtes, countCreated, countCreatedCtes, countInsertedCtes } from './delivery-counters';

/**
 * recipient_events: every status change of a recipient, appended in the transaction that makes it
 * (docs/architecture.md "Recipient events"). Readers keep their own cursor, the last id they took,
 * and read on from it (eventsAfter): the ids must appear in commit order, or a reader could pass an
 * id whose transaction had not committed yet. SQLite commits one transaction at a time; on PostgreSQL
 * an append takes one transaction lock that is held until commit, so an append is the last write of
 * its transaction (it may wait for another's commit, and must hold nothing that one waits for), but
 * for the delivery counters it updates under that same lock (delivery-counters.ts).
 */

/** Events are kept this long: a reader that falls further behind misses what was pruned. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;
const ID_CHUNK = 1000;

export interface StatusChange {
  recipientId: number;
  messageId: number;
  profileId: number;
  oldStatus: RecipientStatus;
  newStatus: FinalStatus;
  error: string;
}

/** Serializes appends on PostgreSQL until commit, so ids commit in order (SQLite has one writer). */
export async function lockAppends(db: Executor, dialect: DialectName) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('recipient_events'))`.execute(db);
}

/** Appends each new recipient's first status (old status ''), read from its row, and counts it (delivery-counters.ts). */
export async function logCreated(db: Executor, dialect: DialectName, recipientIds: readonly number[], now: number) {
  if (recipientIds.length === 0) return;
  if (dialect === 'postgres') {
    for (let i = 0; i < recipientIds.length; i += ID_CHUNK) {
      if (i > 0) await yieldToLoop();
      await appendCreatedInOne(db, recipientIds.slice(i, i + ID_CHUNK), now);
    }
    return;
  }
  await lockAppends(db, dialect);
  for (let i = 0; i < recipientIds.length; i += ID_CHUNK) {
    if (i > 0) await yieldToLoop();
    await db
      .insertInto('recipient_events')
      .columns(['recipient_id', 'message_id', 'profile_id', 'old_status', 'new_status', 'error', 'created_at'])
      .expression(
        db
          .selectFrom('message_recipients as r')
          .innerJoin('messages as m', 'm.id', 'r.message_id')
          .select([
            'r.id',
            'r.message_id',
            'm.profile_id',
            sql<string>`cast(${''} as text)`.as('old_status'),
            'r.status',
            sql<string>`cast(${''} as text)`.as('error'),
            sql<number>`cast(${now} as bigint)`.as('created_at'),
          ])
          .where('r.id', 'in', recipientIds.slice(i, i + ID_CHUNK))
          .orderBy('r.id'),
      )
      .execute();
    await countCreated(db, recipientIds.slice(i, i + ID_CHUNK));
  }
}

/**
 * logCreated on PostgreSQL in one statement, so the append lock is held from this statement to the
 * commit and no longer: the lock, the recipients read after it (every other part reads them, so
 * nothing is appended or counted before the lock is held), their events in id order, and their
 * counts (delivery-counters.ts countCreatedCtes).
 */
async function appendCreatedInOne(db: Executor, ids: readonly number[], now: number) {
  await sql`with appends_locked as materialized (select pg_advisory_xact_lock(hashtext('recipient_events'))),
    ${countCreatedCtes(ids, 'appends_locked')},
    appended as (insert into recipient_events
      (recipient_id, message_id, profile_id, old_status, new_status, error, created_at)
      select r.id, r.message_id, m.profile_id, '', r.status, '', ${now}
      from r join messages m on m.id = r.message_id
      order by r.id
      returning id)
    select count(*) from appended`.execute(db);
}

/**
 * appendCreatedInOne as common table expressions of the PostgreSQL statement that inserts the
 * recipients (message-rows.ts insertQuickSendInOne): `inserted` and `messages` answer the new rows;
 * the lock is taken once `after` (the statement's other writes) has run to its end, then the
 * recipients are counted and their events appended in id order.
 */
export function appendInsertedCtes(inserted: string, messages: string, after: string, now: number) {
  return sql`appends_locked as materialized (select pg_advisory_xact_lock(hashtext('recipient_events'))
      from (select count(*) from ${sql.table(after)}) written),
    ${countInsertedCtes(inserted, messages, 'appends_locked')},
    appended as (insert into recipient_events
      (recipient_id, message_id, profile_id, old_status, new_status, error, created_at)
      select r.id, r.message_id, m.profile_id, '', r.status, '', ${now}
      from r join ${sql.table(messages)} m on m.id = r.message_id
      order by r.id
      returning id)`;
}

/** A change's event row, but for its time. */
const eventOf = (c: StatusChange) => ({
  recipient_id: c.recipientId,
  message_id: c.messageId,
  profile_id: c.profileId,
  old_status: c.oldStatus,
  new_status: c.newStatus,
  error: c.error,
});

/**
 * Appends status changes the caller made (final statuses from the carrier, already on the recipients'
 * rows with their errors), and moves their counts from the old status to the new (delivery-counters.ts).
 */
export async function logChanges(db: Executor, dialect: DialectName, changes: readonly StatusChange[], now: number) {
  if (changes.length === 0) return;
  if (dialect === 'postgres') {
    for (let i = 0; i < changes.length; i += ID_CHUNK) {
      if (i > 0) await yieldToLoop();
      await appendChangesInOne(db, changes.slice(i, i + ID_CHUNK), now);
    }
    return;
  }
  await lockAppends(db, dialect);
  for (let i = 0; i < changes.length; i += ID_CHUNK) {
    await db
      .insertInto('recipient_events')
      .values(changes.slice(i, i + ID_CHUNK).map((c) => ({ ...eventOf(c), created_at: now })))
      .execute();
  }
  const byOld = new Map<RecipientStatus | '', number[]>();
  for (const c of changes) {
    const ids = byOld.get(c.oldStatus) ?? [];
    ids.push(c.recipientId);
    byOld.set(c.oldStatus, ids);
  }
  for (const [oldStatus, ids] of byOld) {
    for (let i = 0; i < ids.length; i += ID_CHUNK) await countChanged(db, ids.slice(i, i + ID_CHUNK), oldStatus);
  }
}

/**
 * logChanges on PostgreSQL in one statement, as appendCreatedInOne: the lock, then the changes (in
 * their order) with their events and their counts (delivery-counters.ts countChangedCtes), so the
 * append lock is held from this statement to the commit and no longer.
 */
async function appendChangesInOne(db: Executor, changes: readonly StatusChange[], now: number) {
  const rows = typedValues(
    'postgres',
    changes.map((c, ord) => ({ ord, ...eventOf(c) })),
    {
      ord: 'bigint',
      recipient_id: 'bigint',
      message_id: 'bigint',
      profile_id: 'bigint',
      old_status: 'text',
      new_status: 'text',
      error: 'text',
    },
  );
  await prepared(sql`with appends_locked as materialized (select pg_advisory_xact_lock(hashtext('recipient_events'))),
    changed as materialized (select c.* from appends_locked,
      ${rows} as c(ord, recipient_id, message_id, profile_id, old_status, new_status, error)),
    ${countChangedCtes('changed')},
    appended as (insert into recipient_events
      (recipient_id, message_id, profile_id, old_status, new_status, error, created_at)
      select recipient_id, message_id, profile_id, old_status, new_status, error, ${now}
      from changed order by ord
      returning id)
    select count(*) from appended`).execute(db);
}

/** The events after a reader's cursor (the last id it took), oldest first. */
export async function eventsAfter(db: Executor, cursor: number, limit: number): Promise<RecipientEventRow[]> {
  return db.selectFrom('recipient_events').selectAll().where('id', '>', cursor).orderBy('id').limit(limit).execute();
}

/** Deletes events older than the retention, in id order (db/prune-in-id-order.ts); returns how many. */
export const pruneEvents = (db: Executor, now: number): Promise<number> =>
  pruneInIdOrder(db, 'recipient_events', now - EVENT_RETENTION_MS, yieldToLoop);
