import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, notNull, withId, zero } from '../columns';

/**
 * Branded short links with click tracking (server/src/links, docs/product.md#short-links): one link per
 * recipient and web address of a send that shortened its links, the recipients sent links by network,
 * and each click a person made on one.
 */
export function shortLinks(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      await db.schema
        .createTable('short_links')
        .ifNotExists()
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('message_id', 'integer', notNull)
        .addColumn('recipient_id', 'integer', notNull)
        .addColumn('recipient_index', 'integer', notNull)
        .addColumn('network', 'text', notNull)
        .addColumn('mode', 'text', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('created_at', bigint(dialect), notNull)
        .execute();
      // A send's recipients sent links, by network: what its report and follow-up read (short_links is
      // read by code alone, so a 100,000-recipient send writes one index there, not two).
      await db.schema
        .createTable('short_link_counts')
        .ifNotExists()
        .addColumn('message_id', 'integer', notNull)
        .addColumn('network', 'text', notNull)
        .addColumn('recipients', 'integer', notNull)
        .addPrimaryKeyConstraint('short_link_counts_key', ['message_id', 'network'])
        .execute();
      await withId(dialect, db.schema.createTable('link_clicks').ifNotExists())
        .addColumn('code', 'text', notNull)
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('message_id', 'integer', notNull)
        .addColumn('recipient_id', 'integer', notNull)
        .addColumn('recipient_index', 'integer', notNull)
        .addColumn('network', 'text', notNull)
        .addColumn('device', 'text', notNull)
        .addColumn('at', bigint(dialect), notNull)
        .addColumn('webhook_at', bigint(dialect), zero)
        .execute();
      await db.schema
        .createIndex('link_clicks_message')
        .ifNotExists()
        .on('link_clicks')
        .columns(['message_id', 'at'])
        .execute();
      await db.schema
        .createIndex('link_clicks_recipient')
        .ifNotExists()
        .on('link_clicks')
        .columns(['message_id', 'recipient_index'])
        .execute();
      // The link.clicked fan-out looks up what it has not sent yet.
      await sql`create index if not exists link_clicks_unhooked on link_clicks (id) where webhook_at = 0`.execute(db);
    },
  };
}
