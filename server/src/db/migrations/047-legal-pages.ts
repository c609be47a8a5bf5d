import type { Kysely, Migration } from 'kysely';

/**
 * The addresses of a domain's own terms and privacy pages, linked from its visitors' pages' footer
 * (docs/product.md#tenants-and-white-label): empty until its owner gives them.
 */
export function legalPages(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (column: string) =>
        tables.some((t) => t.name === 'domains' && t.columns.some((c) => c.name === column));
      for (const column of ['terms_url', 'privacy_url']) {
        if (!has(column))
          await db.schema
            .alterTable('domains')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
            .execute();
      }
    },
  };
}
