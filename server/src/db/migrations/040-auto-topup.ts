import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, zero } from '../columns';

/**
 * Card auto top-up (docs/product.md#auto-top-up): each account's saved card (Paystack's reusable
 * authorization, a write-only secret), its level and amount, and the state of its charges; and a
 * checkout's mark as an auto top-up (its credits enter the ledger as `auto_topup`).
 */
export function autoTopup(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      await db.schema
        .createTable('auto_topups')
        .ifNotExists()
        .addColumn('profile_id', 'integer', (c) => c.primaryKey())
        .addColumn('authorization_code', 'text', notNull)
        .addColumn('card_label', 'text', empty)
        .addColumn('enabled', 'integer', zero)
        .addColumn('threshold', 'integer', zero)
        .addColumn('amount', 'double precision', zero)
        .addColumn('armed', 'integer', zero)
        .addColumn('failures', 'integer', zero)
        .addColumn('last_error', 'text', empty)
        .addColumn('day', 'text', empty)
        .addColumn('day_count', 'integer', zero)
        .addColumn('reference', 'text', empty)
        .addColumn('claimed_by', 'text', empty)
        .addColumn('claim_until', bigint(dialect), zero)
        .addColumn('updated_at', bigint(dialect), notNull)
        .execute();
      await db.schema
        .createIndex('auto_topups_enabled')
        .ifNotExists()
        .on('auto_topups')
        .columns(['enabled', 'profile_id'])
        .execute();
      const marked = tables.some((t) => t.name === 'checkouts' && t.columns.some((c) => c.name === 'auto_topup'));
      if (!marked) await db.schema.alterTable('checkouts').addColumn('auto_topup', 'integer', zero).execute();
    },
  };
}
