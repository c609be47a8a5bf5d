import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, zero } from '../columns';

/**
 * Quiet hours (docs/product.md#quiet-hours): each account's nightly window (minutes of the day in Accra,
 * null when none) and its Sundays; each send's category (promotional unless marked transactional) and,
 * on a delivery held by the quiet hours, when they end.
 */
export function quietHours(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
      if (!has('users', 'quiet_start'))
        await db.schema.alterTable('users').addColumn('quiet_start', 'integer').execute();
      if (!has('users', 'quiet_end')) await db.schema.alterTable('users').addColumn('quiet_end', 'integer').execute();
      if (!has('users', 'quiet_sundays'))
        await db.schema.alterTable('users').addColumn('quiet_sundays', 'integer', zero).execute();
      if (!has('messages', 'category'))
        await db.schema
          .alterTable('messages')
          .addColumn('category', 'text', (c) => c.notNull().defaultTo('promotional'))
          .execute();
      if (!has('messages', 'hold_until'))
        await db.schema.alterTable('messages').addColumn('hold_until', bigint(dialect)).execute();
      // The release loop finds the held deliveries whose quiet hours have ended.
      await sql`create index if not exists messages_held on messages (hold_until) where hold_until is not null`.execute(
        db,
      );
    },
  };
}
