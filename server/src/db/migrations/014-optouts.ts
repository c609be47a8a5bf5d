import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * Opt-outs (server/src/optouts): each account's suppression list and its history, the opt-out links'
 * codes, and the carrier's inbound messages (STOP replies and the rest). A message counts the
 * recipients it skipped because they had opted out.
 */
export function optOuts(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('optouts'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('number', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('note', 'text', empty)
        .addColumn('created_by', 'integer', zero)
        .addColumn('created_at', ms, notNull)
        .execute();
      await db.schema
        .createIndex('optouts_account_number')
        .on('optouts')
        .columns(['profile_id', 'number'])
        .unique()
        .execute();
      await db.schema.createIndex('optouts_account_date').on('optouts').columns(['profile_id', 'created_at']).execute();

      await withId(dialect, db.schema.createTable('optout_log'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('number', 'text', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('by_profile_id', 'integer', zero)
        .addColumn('created_at', ms, notNull)
        .execute();
      await db.schema
        .createIndex('optout_log_account')
        .on('optout_log')
        .columns(['profile_id', 'number', 'id'])
        .execute();

      await db.schema
        .createTable('optout_links')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('number', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .addColumn('used_at', ms)
        .execute();
      await db.schema
        .createIndex('optout_links_account_number')
        .on('optout_links')
        .columns(['profile_id', 'number'])
        .unique()
        .execute();

      await withId(dialect, db.schema.createTable('inbound_messages'))
        .addColumn('connector', 'text', notNull)
        .addColumn('from_number', 'text', notNull)
        .addColumn('to_address', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('profile_id', 'integer')
        .addColumn('kind', 'text', notNull)
        .addColumn('received_at', ms, notNull)
        .execute();
      await db.schema.createIndex('inbound_account').on('inbound_messages').columns(['profile_id', 'id']).execute();

      await db.schema.alterTable('messages').addColumn('opted_out', 'integer', zero).execute();
    },
  };
}
