import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, notNull } from '../columns';

/**
 * The SMPP server's throughput shared by every instance (docs/smpp.md#sending): the parts each
 * account's whole submits took in each second, counted in the transaction that stores them.
 */
export function smppRate(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('smpp_rate')
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('second', ms, notNull)
        .addColumn('parts', 'integer', notNull)
        .addPrimaryKeyConstraint('smpp_rate_pk', ['profile_id', 'second'])
        .execute();
    },
  };
}
