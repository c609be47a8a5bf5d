import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { empty, notNull } from '../columns';
import { bucketSql, daySql, networkSql } from '../report-columns';

/**
 * Delivery counters (messaging/delivery-counters.ts): per message, how many recipients are in each
 * status on each network (with the error that ended them); per account and day, the same without the
 * error; per message, the time-to-delivery histogram. Kept by messaging as recipient events happen,
 * so reports and the status page's totals never count recipients. Each recipient keeps the error that
 * ended it (its failure reason on the status page). The backfill counts what is there now.
 */
export function deliveryCounters(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('message_recipients').addColumn('error', 'text', empty).execute();
      // Status pages filter by status in recipient order; the changes cursor reads a message's events.
      await db.schema
        .createIndex('message_recipients_status')
        .on('message_recipients')
        .columns(['message_id', 'status', 'recipient_index'])
        .execute();
      await db.schema
        .createIndex('recipient_events_message')
        .on('recipient_events')
        .columns(['message_id', 'id'])
        .execute();

      await db.schema
        .createTable('message_counters')
        .addColumn('message_id', 'integer', notNull)
        .addColumn('network', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('error', 'text', notNull)
        .addColumn('n', 'integer', notNull)
        .addPrimaryKeyConstraint('message_counters_pk', ['message_id', 'network', 'status', 'error'])
        .execute();
      await db.schema
        .createTable('daily_counters')
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('supid', 'integer', notNull)
        .addColumn('day', 'integer', notNull)
        .addColumn('network', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('n', 'integer', notNull)
        .addPrimaryKeyConstraint('daily_counters_pk', ['profile_id', 'day', 'network', 'status'])
        .execute();
      await db.schema.createIndex('daily_counters_clients').on('daily_counters').columns(['supid', 'day']).execute();
      await db.schema
        .createTable('delivery_times')
        .addColumn('message_id', 'integer', notNull)
        .addColumn('bucket', 'integer', notNull)
        .addColumn('n', 'integer', notNull)
        .addPrimaryKeyConstraint('delivery_times_pk', ['message_id', 'bucket'])
        .execute();

      // Backfill. The error of a FAILED or UNKNOWN recipient is its final event's (kept 30 days).
      await db.schema.createIndex('recipient_events_backfill').on('recipient_events').column('recipient_id').execute();
      await sql`update message_recipients set error = coalesce((select e.error from recipient_events e
          where e.recipient_id = message_recipients.id and e.new_status = message_recipients.status
          order by e.id desc limit 1), '')
        where status in ('FAILED', 'UNKNOWN')`.execute(db);
      await db.schema.dropIndex('recipient_events_backfill').execute();

      const network = networkSql(sql.ref('r.number'));
      await sql`insert into message_counters (message_id, network, status, error, n)
        select r.message_id, ${network}, r.status, r.error, count(*) from message_recipients r
        group by r.message_id, ${network}, r.status, r.error`.execute(db);
      // Deliveries only (a registration's templates are not sent; an API test key's reach no one), on the day each recipient was queued.
      await sql`insert into daily_counters (profile_id, supid, day, network, status, n)
        select m.profile_id, max(m.supid), ${daySql(sql.ref('r.queued_at'))}, ${network}, r.status, count(*)
        from message_recipients r join messages m on m.id = r.message_id
        where m.list = 'bulk' and m.api_mode <> 'test'
        group by m.profile_id, ${daySql(sql.ref('r.queued_at'))}, ${network}, r.status`.execute(db);
      const bucket = bucketSql(sql`(r.done_at - r.queued_at)`);
      await sql`insert into delivery_times (message_id, bucket, n)
        select r.message_id, ${bucket}, count(*) from message_recipients r
        where r.status = 'SENT' and r.done_at is not null
        group by r.message_id, ${bucket}`.execute(db);
    },
  };
}
