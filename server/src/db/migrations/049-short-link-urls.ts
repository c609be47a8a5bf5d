import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { notNull, withId, zero } from '../columns';

/**
 * A send's long URLs stored once (docs/architecture.md#short-links): a link made from now on names its
 * URL by `url_id` and keeps '' in `url`; a link made before keeps its URL inline (url_id 0) and still
 * redirects. A 100,000-recipient send wrote its URL 100,000 times before.
 */
export function shortLinkUrls(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      await withId(dialect, db.schema.createTable('short_link_urls').ifNotExists())
        .addColumn('message_id', 'integer', notNull)
        .addColumn('url', 'text', notNull)
        .execute();
      const tables = await db.introspection.getTables();
      const links = tables.find((t) => t.name === 'short_links');
      if (!links?.columns.some((c) => c.name === 'url_id'))
        await db.schema.alterTable('short_links').addColumn('url_id', 'integer', zero).execute();
    },
  };
}
