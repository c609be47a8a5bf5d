import type { Kysely, Migration } from 'kysely';
import { zero } from '../columns';

/**
 * Auto top-up buys a number of credits (docs/product.md#auto-top-up): each run prices them at the
 * account's tier of the day. 0 on a setting saved before, which still buys for its `amount` in GHS.
 */
export function autoTopupCredits(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = tables.some((t) => t.name === 'auto_topups' && t.columns.some((c) => c.name === 'credits'));
      if (!has) await db.schema.alterTable('auto_topups').addColumn('credits', 'integer', zero).execute();
    },
  };
}
