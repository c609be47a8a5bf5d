import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, notNull, withId, zero } from '../columns';

/**
 * Low-balance alerts and spending caps (docs/product.md#low-balance-alerts, docs/product.md#spending-caps):
 * each account's alert level and the monthly cap its provider set (users), a daily cap on each API key
 * and on SMPP access, the key a ledger row's send came through, and the alerts a charge raised
 * (balance_alerts, one per account and Accra day), each sent once by its two readers.
 */
export function alertsAndCaps(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
      const add = async (table: string, column: string, type: 'integer' | 'text', build?: typeof zero) => {
        if (has(table, column)) return;
        await db.schema
          .alterTable(table)
          .addColumn(column, type, build ?? ((c) => c))
          .execute();
      };
      await add('users', 'low_balance_threshold', 'integer', zero);
      await add('users', 'monthly_cap', 'integer');
      await add('api_keys', 'daily_cap', 'integer');
      await add('smpp_accounts', 'daily_cap', 'integer');
      await add('credit_ledger', 'api_key_id', 'text');
      // A cap sums an account's spending since the start of its day or month.
      await db.schema
        .createIndex('credit_ledger_spent')
        .ifNotExists()
        .on('credit_ledger')
        .columns(['profile_id', 'at'])
        .execute();
      await withId(dialect, db.schema.createTable('balance_alerts').ifNotExists())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('day', 'text', notNull)
        .addColumn('threshold', 'integer', notNull)
        .addColumn('balance_after', 'double precision', notNull)
        .addColumn('at', bigint(dialect), notNull)
        .addColumn('notified_at', bigint(dialect), zero)
        .addColumn('webhook_at', bigint(dialect), zero)
        .execute();
      await db.schema
        .createIndex('balance_alerts_day')
        .ifNotExists()
        .on('balance_alerts')
        .columns(['profile_id', 'day'])
        .unique()
        .execute();
      // Each reader looks up what it has not sent yet.
      await sql`create index if not exists balance_alerts_unnotified on balance_alerts (id) where notified_at = 0`.execute(
        db,
      );
      await sql`create index if not exists balance_alerts_unhooked on balance_alerts (id) where webhook_at = 0`.execute(
        db,
      );
    },
  };
}
