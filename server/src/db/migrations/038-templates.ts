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
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      // The id is the app's own UUID: a template made offline keeps it when the gateway takes it.
      await db.schema
        .createTable('templates')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('created_at', bigint(dialect), notNull)
        .addColumn('updated_at', bigint(dialect), notNull)
        .execute();
      await db.schema
        .createIndex('templates_owner')
        .ifNotExists()
        .on('templates')
        .columns(['profile_id', 'updated_at'])
        .execute();
      const marked = tables.some((t) => t.name === 'messages' && t.columns.some((c) => c.name === 'test_send'));
      if (!marked) await db.schema.alterTable('messages').addColumn('test_send', 'integer', zero).execute();
    },
  };
}
