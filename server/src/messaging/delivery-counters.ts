import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import { bucketSql, daySql, networkSql } from '../db/report-columns';
import type { RecipientStatus } from '../../../src/domain/messages/message-status';
import { ERASED, counterNetworkOf, type CounterNetwork } from '../../../src/domain/numbers/networks';
import { DAY_MS } from '../../../src/domain/dates';
import { LAST_BUCKET, type CounterRow } from '../../../src/domain/messages/delivery-report';

/**
 * The delivery counters (migration 018): per message by network, status and error; per account and
 * day by network and status; per message the time-to-delivery histogram. They change only here, from
 * recipient-events.ts, in the transaction that appends each event, so they always equal a recount of
 * the recipients (tests/gateway/reports-counters.test.ts); and when an erasure masks recipients
 * (countAsErased). Readers: reports.ts and status-query.ts.
 */

// Each recipient's network is worked out once, as `r` is read (ROW_NETWORK), and the upserts group
// by that column: the prefix table's CASE is neither planned nor run once per use.
const NETWORK = sql.ref('r.network');
const ROW_NETWORK = sql`${networkSql(sql.ref('message_recipients.number'))} as network`;
const DAY = daySql(sql.ref('r.queued_at'));

/**
 * SQLite: the recipients `ids`, read first by their primary key as `r` (materialized): a planner
 * working from stale statistics could otherwise start from the messages or a status index and visit
 * every bulk message or delivered recipient of the table for a handful of recipients. The ids travel
 * as one JSON parameter, so the statement's text is the same for any number of them and SQLite
 * prepares it once (sqlite-statements.ts): as a list of a parameter an id, each length was a text of
 * its own, and preparing them (the network's CASE included) took 1% of the gateway's time.
 */
const recipients = (ids: readonly number[]) =>
  sql`with r as materialized (select message_recipients.*, ${ROW_NETWORK} from message_recipients
    where id in (select value from json_each(${JSON.stringify(ids)})))`;

/**
 * The two upserts adding `sign` for each recipient of `r` to its message's and its day's counters,
 * under `status` (null: the recipient's own status and error now) or a given old status (error '').
 * `messages`: where the recipients' message rows are read (a CTE of the statement that inserts them).
 */
function upserts(status: RecipientStatus | null, sign: 1 | -1, messages: RawBuilder<unknown> = sql`messages`) {
  const statusCol: RawBuilder<unknown> = status === null ? sql`r.status` : sql`cast(${status} as text)`;
  const errorCol: RawBuilder<unknown> = status === null ? sql`r.error` : sql`cast(${''} as text)`;
  const n = sign === 1 ? sql`count(*)` : sql`-count(*)`;
  return {
    message: sql`insert into message_counters (message_id, network, status, error, n)
    select r.message_id, ${NETWORK}, ${statusCol}, ${errorCol}, ${n} from r
    where true -- SQLite parses an upsert after a SELECT only with a WHERE
    group by r.message_id, ${NETWORK}, ${statusCol}, ${errorCol}
    on conflict (message_id, network, status, error) do update set n = message_counters.n + excluded.n`,
    daily: sql`insert into daily_counters (profile_id, supid, day, network, status, n)
    select m.profile_id, max(m.supid), ${DAY}, ${NETWORK}, ${statusCol}, ${n}
    from r join ${messages} m on m.id = r.message_id
    where m.list = 'bulk' and m.api_mode <> 'test'
    group by m.profile_id, ${DAY}, ${NETWORK}, ${statusCol}
    on conflict (profile_id, day, network, status) do update set n = daily_counters.n + excluded.n`,
  };
}

/** Adds `sign` for each of these recipients to its message's and its day's counters (upserts). */
async function add(db: Executor, ids: readonly number[], status: RecipientStatus | null, sign: 1 | -1) {
  const { message, daily } = upserts(status, sign);
  await sql`${recipients(ids)} ${message}`.execute(db);
  await sql`${recipients(ids)} ${daily}`.execute(db);
}

/** New recipients (their first status, as recipient-events.ts logCreated appends it). */
export async function countCreated(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await add(db, ids, null, 1);
}

/**
 * countCreated as common table expressions for one PostgreSQL statement that also appends the
 * events (recipient-events.ts): `r`, the recipients read after `after` (a CTE the statement defines
 * first, so nothing is counted before it), and the two upserts. Each counter row is changed once.
 */
export function countCreatedCtes(ids: readonly number[], after: string) {
  const { message, daily } = upserts(null, 1);
  return sql`r as materialized (select message_recipients.*, ${ROW_NETWORK} from message_recipients, ${sql.table(after)}
      where message_recipients.id in (${sql.join(ids.map((id) => sql`${id}`))})),
    counted_messages as (${message}),
    counted_days as (${daily})`;
}

/**
 * countCreatedCtes for recipients inserted by the same statement, which it cannot read from their
 * tables: `inserted` and `messages`, CTEs answering the new rows (every column the counters read),
 * `r` read from them after `after`.
 */
export function countInsertedCtes(inserted: string, messages: string, after: string) {
  const { message, daily } = upserts(null, 1, sql.table(messages));
  const from = sql.table(inserted);
  return sql`r as materialized (select ${from}.*, ${networkSql(sql.ref(`${inserted}.number`))} as network
      from ${from}, ${sql.table(after)}),
    counted_messages as (${message}),
    counted_days as (${daily})`;
}

/**
 * countChanged for changes of any old statuses, as common table expressions for one PostgreSQL
 * statement that also appends their events (recipient-events.ts): `changed` (a CTE the statement
 * defines first, with each recipient's `recipient_id` and `old_status`) read with the recipients'
 * rows as `moved`, and one upsert per table, so each counter row is changed once: the old statuses'
 * -1 and the new statuses' +1 summed by key. Each recipient, and each one's message, is looked up
 * by its id (lateral, `offset 0` so it is not flattened back into a join): joined, a planner with
 * stale statistics read every recipient, or hashed every bulk message, of the table for a few.
 */
export function countChangedCtes(changed: string) {
  const both = sql`(select message_id, network, queued_at, old_status as status, '' as error, -1 as n
      from moved where old_status <> ''
      union all select message_id, network, queued_at, status, error, 1 from moved) r`;
  const bucket = bucketSql(sql`(moved.done_at - moved.queued_at)`);
  return sql`moved as materialized (select mr.*, c.old_status
      from ${sql.table(changed)} c cross join lateral (select message_recipients.*, ${ROW_NETWORK}
        from message_recipients where message_recipients.id = c.recipient_id offset 0) mr),
    moved_messages as (insert into message_counters (message_id, network, status, error, n)
      select r.message_id, ${NETWORK}, r.status, r.error, sum(r.n) from ${both}
      group by r.message_id, ${NETWORK}, r.status, r.error
      on conflict (message_id, network, status, error) do update set n = message_counters.n + excluded.n),
    moved_days as (insert into daily_counters (profile_id, supid, day, network, status, n)
      select m.profile_id, max(m.supid), ${DAY}, ${NETWORK}, r.status, sum(r.n)
      from ${both} cross join lateral (select profile_id, supid from messages
        where messages.id = r.message_id and messages.list = 'bulk' and messages.api_mode <> 'test' offset 0) m
      group by m.profile_id, ${DAY}, ${NETWORK}, r.status
      on conflict (profile_id, day, network, status) do update set n = daily_counters.n + excluded.n),
    moved_times as (insert into delivery_times (message_id, bucket, n)
      select moved.message_id, ${bucket}, count(*) from moved
      where moved.status = 'SENT' and moved.done_at is not null
      group by moved.message_id, ${bucket}
      on conflict (message_id, bucket) do update set n = delivery_times.n + excluded.n)`;
}

/**
 * Recipients that moved from `oldStatus` to the status (and error) their rows hold now; delivered
 * ones join their message's time-to-delivery histogram.
 */
export async function countChanged(
  db: Executor,
  ids: readonly number[],
  oldStatus: RecipientStatus | '',
): Promise<void> {
  if (ids.length === 0) return;
  if (oldStatus !== '') await add(db, ids, oldStatus, -1);
  await add(db, ids, null, 1);
  const bucket = bucketSql(sql`(r.done_at - r.queued_at)`);
  await sql`${recipients(ids)} insert into delivery_times (message_id, bucket, n)
    select r.message_id, ${bucket}, count(*) from r
    where r.status = 'SENT' and r.done_at is not null
    group by r.message_id, ${bucket}
    on conflict (message_id, bucket) do update set n = delivery_times.n + excluded.n`.execute(db);
}

/** A message's counters, the rows with recipients. */
export async function messageCounters(db: Executor, messageId: number): Promise<CounterRow[]> {
  const rows = await db
    .selectFrom('message_counters')
    .select(['network', 'status', 'error', 'n'])
    .where('message_id', '=', messageId)
    .where('n', '<>', 0)
    .execute();
  return rows.map((r) => ({ network: r.network as CounterNetwork, status: r.status, error: r.error, n: Number(r.n) }));
}

/** A message's time-to-delivery histogram: index i counts deliveries in bucket i. */
export async function deliveryTimes(db: Executor, messageId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_times')
    .select(['bucket', 'n'])
    .where('message_id', '=', messageId)
    .execute();
  const counts = Array.from({ length: LAST_BUCKET + 1 }, () => 0);
  for (const r of rows) counts[r.bucket] = (counts[r.bucket] ?? 0) + Number(r.n);
  return counts;
}

/** Whose days an overview adds up: one account's own, or an admin's clients'. */
export type CounterScope = { own: number } | { clientsOf: number };

/** Per day (from..to, days since 1970-01-01) by network and status, over the scope's accounts. */
export async function dailyCounters(db: Executor, scope: CounterScope, from: number, to: number) {
  let q = db
    .selectFrom('daily_counters')
    .select(['day', 'network', 'status', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('day', '>=', from)
    .where('day', '<=', to);
  q =
    'own' in scope
      ? q.where('profile_id', '=', scope.own)
      : q.where('supid', '=', scope.clientsOf).where('profile_id', '<>', scope.clientsOf);
  const rows = await q.groupBy(['day', 'network', 'status']).execute();
  return rows.map((r) => ({
    day: Number(r.day),
    network: r.network as CounterNetwork,
    status: r.status,
    n: Number(r.n),
  }));
}

/** A recipient about to be masked, with what its counters are keyed by. */
export type ErasedRecipient = {
  message_id: number;
  number: string;
  status: RecipientStatus;
  error: string;
  queued_at: number;
  profile_id: number;
  supid: number;
  list: string;
  api_mode: string;
};

/**
 * Recipients whose numbers an erasure is masking leave their networks' counters for 'erased'
 * (src/domain/networks.ts counterNetworkOf): still in their message's and day's totals, under no
 * network (docs/compliance.md#a-persons-data). Called under the events' append lock, before the masking.
 */
export async function countAsErased(db: Executor, recipients: readonly ErasedRecipient[]): Promise<void> {
  const messages = new Map<
    string,
    { message_id: number; network: string; status: RecipientStatus; error: string; n: number }
  >();
  const days = new Map<
    string,
    { profile_id: number; supid: number; day: number; network: string; status: RecipientStatus; n: number }
  >();
  const bump = <T extends { n: number }>(map: Map<string, T>, row: Omit<T, 'n'>, n: number) => {
    const key = JSON.stringify(row);
    const found = map.get(key);
    if (found) found.n += n;
    else map.set(key, { ...row, n } as T);
  };
  for (const r of recipients) {
    const from = counterNetworkOf(r.number);
    if (from === ERASED) continue;
    for (const [network, n] of [
      [from, -1],
      [ERASED, 1],
    ] as const) {
      bump(messages, { message_id: r.message_id, network, status: r.status, error: r.error }, n);
      if (r.list === 'bulk' && r.api_mode !== 'test') {
        const day = Math.floor(r.queued_at / DAY_MS);
        bump(days, { profile_id: r.profile_id, supid: r.supid, day, network, status: r.status }, n);
      }
    }
  }
  for (const row of messages.values()) {
    await db
      .insertInto('message_counters')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['message_id', 'network', 'status', 'error'])
          .doUpdateSet({ n: sql`message_counters.n + excluded.n` }),
      )
      .execute();
  }
  for (const row of days.values()) {
    await db
      .insertInto('daily_counters')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['profile_id', 'day', 'network', 'status']).doUpdateSet({ n: sql`daily_counters.n + excluded.n` }),
      )
      .execute();
  }
}
