import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * A team per account (docs/product.md#members-and-roles): its members with their roles and invitation, and
 * the member each session is for.
 */
export function teamMembers(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
      await withId(dialect, db.schema.createTable('members').ifNotExists())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('phone', 'text', notNull)
        .addColumn('email', 'text', empty)
        .addColumn('roles', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('password_hash', 'text', empty)
        .addColumn('invite_hash', 'text', empty)
        .addColumn('invite_expires_at', ms, zero)
        .addColumn('created_at', ms, notNull)
        .addColumn('joined_at', ms, zero)
        .addColumn('removed_at', ms, zero)
        .execute();
      await db.schema
        .createIndex('members_account')
        .ifNotExists()
        .on('members')
        .columns(['profile_id', 'status'])
        .execute();
      await db.schema.createIndex('members_phone').ifNotExists().on('members').columns(['phone', 'status']).execute();
      await db.schema.createIndex('members_invite').ifNotExists().on('members').column('invite_hash').execute();
      if (!has('tokens', 'member_id')) await db.schema.alterTable('tokens').addColumn('member_id', 'integer').execute();
      await db.schema
        .createIndex('tokens_member')
        .ifNotExists()
        .on('tokens')
        .columns(['member_id', 'revoked'])
        .execute();
    },
  };
}
