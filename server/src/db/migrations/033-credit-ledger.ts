import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId } from '../columns';

/**
 * The credit ledger (server/src/money): one row for every change of a balance, its amount, the
 * balance after it, why and who. Each existing account opens it with an `opening` row of the
 * balance it holds, so its balance is the sum of its rows from the start.
 */
export function creditLedger(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('credit_ledger'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('amount', 'double precision', notNull)
        .addColumn('balance_after', 'double precision', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('ref_kind', 'text', empty)
        .addColumn('ref_id', 'text', empty)
        .addColumn('actor_id', 'integer')
        .addColumn('at', bigint(dialect), notNull)
        .execute();
      await db.schema.createIndex('credit_ledger_account').on('credit_ledger').columns(['profile_id', 'id']).execute();
      const nowMs = Date.now();
      await sql`insert into credit_ledger (profile_id, amount, balance_after, reason, ref_kind, ref_id, actor_id, at)
        select profile_id, creditbalance, creditbalance, 'opening', 'account', '', null, ${nowMs}
        from users order by profile_id`.execute(db);
    },
  };
}
