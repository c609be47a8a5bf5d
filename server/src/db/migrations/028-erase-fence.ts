import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Sends and erasures of a person's data meet on the account's row (docs/compliance.md#a-persons-data):
 * each erasure moves `erase_epoch` on; a send screened before the move is screened again.
 */
export function eraseFence(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('erase_epoch', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
