import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * The SMPP server customers bind to (docs/smpp.md): each account's SMPP access, the binds open on
 * every instance, each submit_sm (its id is the message_id answered), the receipts owed to customers
 * with their claims, and the receipts' cursor on recipient_events.
 */
export function smppAccess(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('smpp_accounts')
        .addColumn('profile_id', 'integer', (c) => c.primaryKey())
        .addColumn('system_id', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('enabled', 'integer', zero)
        .addColumn('max_binds', 'integer', notNull)
        .addColumn('throughput', 'integer', notNull)
        .addColumn('allowed_ips', 'text', empty)
        .addColumn('created_at', ms, notNull)
        .addColumn('updated_at', ms, notNull)
        .execute();

      await db.schema
        .createTable('smpp_binds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('bind_type', 'text', notNull)
        .addColumn('instance', 'text', notNull)
        .addColumn('remote_ip', 'text', empty)
        .addColumn('bound_at', ms, notNull)
        .addColumn('seen_at', ms, notNull)
        .execute();
      await db.schema.createIndex('smpp_binds_profile').on('smpp_binds').columns(['profile_id', 'seen_at']).execute();

      await withId(dialect, db.schema.createTable('smpp_submits'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('group_key', 'text', empty)
        .addColumn('seq', 'integer', notNull)
        .addColumn('total', 'integer', notNull)
        .addColumn('source', 'text', notNull)
        .addColumn('destination', 'text', notNull)
        .addColumn('data_coding', 'integer', zero)
        .addColumn('body', 'text', empty)
        .addColumn('registered_delivery', 'integer', zero)
        .addColumn('due_at', ms)
        .addColumn('expires_at', ms)
        .addColumn('recipient_id', 'integer')
        .addColumn('preview', 'text', empty)
        .addColumn('error', 'text', empty)
        .addColumn('created_at', ms, notNull)
        .execute();
      await db.schema
        .createIndex('smpp_submits_held')
        .on('smpp_submits')
        .columns(['state', 'profile_id', 'group_key'])
        .execute();
      await db.schema.createIndex('smpp_submits_recipient').on('smpp_submits').column('recipient_id').execute();

      await withId(dialect, db.schema.createTable('smpp_receipts'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('submit_id', 'integer', (c) => c.notNull().unique())
        .addColumn('source', 'text', notNull)
        .addColumn('destination', 'text', notNull)
        .addColumn('stat', 'text', notNull)
        .addColumn('err', 'text', notNull)
        .addColumn('preview', 'text', empty)
        .addColumn('submitted_at', ms, notNull)
        .addColumn('done_at', ms, notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('attempts', 'integer', zero)
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', ms)
        .addColumn('created_at', ms, notNull)
        .addColumn('delivered_at', ms)
        .execute();
      await db.schema
        .createIndex('smpp_receipts_due')
        .on('smpp_receipts')
        .columns(['profile_id', 'state', 'id'])
        .execute();

      await db.schema
        .createTable('smpp_cursor')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last_event_id', ms, notNull)
        .execute();
      // Receipts start with the events after this migration: no SMPP submit came before it.
      await sql`insert into smpp_cursor (name, last_event_id) select 'receipts', coalesce(max(id), 0) from recipient_events`.execute(
        db,
      );
    },
  };
}
