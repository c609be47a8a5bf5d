import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * The two-person rule (docs/product.md#the-two-person-rule): each account's rule (campaigns over a number
 * of recipients, all marketing sends, or both) and the campaigns waiting for an approver, each stored
 * whole with what it reserved, and how it was decided.
 */
export function approvals(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
      if (!has('users', 'approval_over'))
        await db.schema.alterTable('users').addColumn('approval_over', 'integer').execute();
      if (!has('users', 'approval_marketing'))
        await db.schema.alterTable('users').addColumn('approval_marketing', 'integer', zero).execute();
      await withId(dialect, db.schema.createTable('approvals').ifNotExists())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('author_id', 'integer', notNull)
        .addColumn('author_name', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('items', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('source_address', 'text', notNull)
        .addColumn('short_message', 'text', notNull)
        .addColumn('description', 'text', empty)
        .addColumn('send_at', ms, notNull)
        .addColumn('recipients', 'integer', notNull)
        .addColumn('first_numbers', 'text', empty)
        .addColumn('parts', 'integer', notNull)
        .addColumn('cost', 'double precision', notNull)
        .addColumn('created_at', ms, notNull)
        .addColumn('decided_by', 'integer')
        .addColumn('decider_name', 'text', empty)
        .addColumn('decided_at', ms, zero)
        .addColumn('note', 'text', empty)
        .addColumn('message_id', 'integer')
        .execute();
      await db.schema
        .createIndex('approvals_account')
        .ifNotExists()
        .on('approvals')
        .columns(['profile_id', 'state', 'id'])
        .execute();
    },
  };
}
