import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, zero, type ColumnFn } from '../columns';

/**
 * A team member's own two-step sign-in (docs/product.md#two-step-sign-in): their TOTP secret, the one
 * waiting for its first code, whether it is on and the last time step used; recovery codes and sign-in
 * challenges that name the member (null: the account's owner); and the account's requirement of it
 * for every member.
 */
export function memberTwoStep(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  const added: [string, string, 'text' | 'integer' | 'bigint', ColumnFn | null][] = [
    ['members', 'totp_secret', 'text', empty],
    ['members', 'totp_pending', 'text', empty],
    ['members', 'totp_enabled', 'integer', zero],
    ['members', 'totp_last_step', ms, zero],
    ['recovery_codes', 'member_id', 'integer', null],
    ['login_challenges', 'member_id', 'integer', null],
    ['users', 'members_two_step', 'integer', zero],
  ];
  return {
    async up(db: Kysely<unknown>) {
      // Safe to run again (a readiness test un-records the latest migration and runs it once more).
      const tables = await db.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column));
      for (const [table, column, type, options] of added) {
        if (has(table, column)) continue;
        await (
          options
            ? db.schema.alterTable(table).addColumn(column, type, options)
            : db.schema.alterTable(table).addColumn(column, type)
        ).execute();
      }
    },
  };
}
