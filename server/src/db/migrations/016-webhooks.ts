import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * Delivery webhooks of the integrators' API (docs/api-v1.md#webhooks): each account's endpoints with
 * their signing secret, one delivery per event and endpoint with its retry state and claim, each
 * attempt's outcome, and the fan-out's cursor on recipient_events.
 */
export function webhooks(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('mode', 'text', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('events', 'text', notNull)
        .addColumn('secret', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .addColumn('disabled_at', ms)
        .addColumn('disabled_reason', 'text', empty)
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_owner')
        .on('webhook_endpoints')
        .columns(['profile_id', 'mode'])
        .execute();

      await withId(dialect, db.schema.createTable('webhook_deliveries'))
        .addColumn('webhook_id', 'text', (c) => c.notNull().unique())
        .addColumn('endpoint_id', 'text', notNull)
        .addColumn('event_id', ms, notNull)
        .addColumn('event_type', 'text', notNull)
        .addColumn('payload', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('attempts', 'integer', zero)
        .addColumn('next_attempt_at', ms)
        .addColumn('last_status_code', 'integer')
        .addColumn('last_duration_ms', 'integer')
        .addColumn('last_attempt_at', ms)
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', ms)
        .addColumn('created_at', ms, notNull)
        .execute();
      // One delivery per event and endpoint, however many loops fan out.
      await db.schema
        .createIndex('webhook_deliveries_event')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'event_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['state', 'next_attempt_at'])
        .execute();

      await withId(dialect, db.schema.createTable('webhook_attempts'))
        .addColumn('delivery_id', 'integer', notNull)
        .addColumn('attempt', 'integer', notNull)
        .addColumn('at', ms, notNull)
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', notNull)
        .addColumn('error', 'text', empty)
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute();

      await db.schema
        .createTable('webhook_cursor')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_event_id', ms, notNull)
        .execute();
      // Webhooks start with the events that come after this migration: none of the past is replayed.
      await sql`insert into webhook_cursor (name, last_event_id) select 'deliveries', coalesce(max(id), 0) from recipient_events`.execute(
        db,
      );
    },
  };
}
