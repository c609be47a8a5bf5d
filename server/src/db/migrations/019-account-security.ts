import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/**
 * Account security (docs/product.md#account-security): the audit log, each session's device, address
 * and last use, two-step sign-in (TOTP secret, recovery codes, sign-in challenges) and the requirement
 * an account sets for itself and its admins.
 */
export function accountSecurity(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('audit_log'))
        .addColumn('at', ms, notNull)
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('tenant_id', 'integer', zero)
        .addColumn('actor_name', 'text', empty)
        .addColumn('target_id', 'integer', zero)
        .addColumn('action', 'text', notNull)
        .addColumn('ip', 'text', empty)
        .addColumn('user_agent', 'text', empty)
        .addColumn('details', 'text', empty)
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_profile').on('audit_log').columns(['profile_id', 'at']).execute();
      await db.schema.createIndex('audit_log_tenant').on('audit_log').columns(['tenant_id', 'at']).execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'at']).execute();

      await db.schema.alterTable('tokens').addColumn('public_id', 'text', empty).execute();
      await db.schema.alterTable('tokens').addColumn('user_agent', 'text', empty).execute();
      await db.schema.alterTable('tokens').addColumn('ip', 'text', empty).execute();
      await db.schema.alterTable('tokens').addColumn('last_seen_at', ms, zero).execute();
      await db.schema.createIndex('tokens_owner').on('tokens').columns(['profile_id', 'revoked']).execute();

      await db.schema.alterTable('users').addColumn('totp_secret', 'text', empty).execute();
      await db.schema.alterTable('users').addColumn('totp_pending', 'text', empty).execute();
      await db.schema.alterTable('users').addColumn('totp_enabled', 'integer', zero).execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', ms, zero).execute();
      await db.schema.alterTable('users').addColumn('require_two_step', 'integer', zero).execute();

      await withId(dialect, db.schema.createTable('recovery_codes'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('code_hash', 'text', notNull)
        .addColumn('used_at', ms)
        .execute();
      await db.schema.createIndex('recovery_codes_owner').on('recovery_codes').column('profile_id').execute();

      await withId(dialect, db.schema.createTable('login_challenges'))
        .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('expires_at', ms, notNull)
        .addColumn('attempts_left', 'integer', notNull)
        .addColumn('used', 'integer', zero)
        .addColumn('created_at', ms, notNull)
        .execute();
    },
  };
}
