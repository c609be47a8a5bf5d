import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, zero } from '../columns';

/**
 * Short links erased with a person's data and pruned after their lifetime (docs/product.md#short-links):
 * - `short_links_recipient`: a recipient's links, found by its id when its number is erased; recipient
 *   ids follow the order links were made, so the hourly prune reads links in its order too;
 * - `short_link_urls.created_at` (when its links were made: every link of a URL row comes from one
 *   store, at one time) and `.links` (how many links name it: an erasure deletes a URL row once none
 *   does), filled for the rows made before.
 */
export function shortLinkErasure(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      await sql`create index if not exists short_links_recipient on short_links (recipient_id)`.execute(db);
      const tables = await db.introspection.getTables();
      const urls = tables.find((t) => t.name === 'short_link_urls');
      const has = (column: string) => urls?.columns.some((c) => c.name === column) ?? false;
      if (!has('created_at'))
        await db.schema.alterTable('short_link_urls').addColumn('created_at', bigint(dialect), zero).execute();
      if (!has('links')) await db.schema.alterTable('short_link_urls').addColumn('links', 'integer', zero).execute();
      // The URL rows made before: their links counted once, by an index that lives only for this.
      await sql`create index if not exists short_links_url_once on short_links (url_id)`.execute(db);
      await sql`update short_link_urls set
          links = (select count(*) from short_links l where l.url_id = short_link_urls.id),
          created_at = coalesce((select min(l.created_at) from short_links l where l.url_id = short_link_urls.id), 0)
        where created_at = 0`.execute(db);
      await sql`drop index if exists short_links_url_once`.execute(db);
    },
  };
}
