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
      await db.schema.alterTable('users').addColumn('low_balance_threshold', 'integer', zero).execute();
      await db.schema.alterTable('users').addColumn('monthly_cap', 'integer').execute();
      await db.schema.alterTable('api_keys').addColumn('daily_cap', 'integer').execute();
      await db.schema.alterTable('smpp_accounts').addColumn('daily_cap', 'integer').execute();
      await db.schema.alterTable('credit_ledger').addColumn('api_key_id', 'text').execute();
      // A cap sums an account's spending since the start of its day or month.
      await db.schema.createIndex('credit_ledger_spent').on('credit_ledger').columns(['profile_id', 'at']).execute();
      await withId(dialect, db.schema.createTable('balance_alerts'))
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
        .on('balance_alerts')
        .columns(['profile_id', 'day'])
        .unique()
        .execute();
      // Each reader looks up what it has not sent yet.
      await sql`create index balance_alerts_unnotified on balance_alerts (id) where notified_at = 0`.execute(db);
      await sql`create index balance_alerts_unhooked on balance_alerts (id) where webhook_at = 0`.execute(db);
    },
  };
}
