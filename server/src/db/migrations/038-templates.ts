import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, notNull, zero } from '../columns';

/**
 * Message templates kept per account (server/src/templates, docs/product.md#templates), and a send's mark
 * as a test to the sender's own phone (docs/product.md#a-test-to-yourself).
 */
export function templates(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The id is the app's own UUID: a template made offline keeps it when the gateway takes it.
      await db.schema
        .createTable('templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('created_at', bigint(dialect), notNull)
        .addColumn('updated_at', bigint(dialect), notNull)
        .execute();
      await db.schema.createIndex('templates_owner').on('templates').columns(['profile_id', 'updated_at']).execute();
      await db.schema.alterTable('messages').addColumn('test_send', 'integer', zero).execute();
    },
  };
}
