import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull } from '../columns';

/**
 * The integrators' API (docs/api-v1.md): named, scoped API keys stored as their SHA-256, the
 * answers of its Idempotency-Keys with the hash of the body they were given for, and on each message
 * the key that sent it, its mode and the integrator's reference; recipient events by recipient.
 */
export function apiKeys(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('scopes', 'text', notNull)
        .addColumn('mode', 'text', notNull)
        .addColumn('allowed_ips', 'text', empty)
        .addColumn('expires_at', ms)
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('secret_ending', 'text', empty)
        .addColumn('created_at', ms, notNull)
        .addColumn('last_used_at', ms)
        .addColumn('revoked_at', ms)
        .execute();
      await db.schema.createIndex('api_keys_owner').on('api_keys').columns(['profile_id', 'created_at']).execute();

      await db.schema
        .createTable('api_idempotency')
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('mode', 'text', notNull)
        .addColumn('idem_key', 'text', notNull)
        .addColumn('body_hash', 'text', notNull)
        .addColumn('answer', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .addPrimaryKeyConstraint('api_idempotency_pk', ['profile_id', 'mode', 'idem_key'])
        .execute();
      await db.schema.createIndex('api_idempotency_age').on('api_idempotency').column('created_at').execute();

      await db.schema.alterTable('messages').addColumn('api_key_id', 'text').execute();
      await db.schema.alterTable('messages').addColumn('api_mode', 'text', empty).execute();
      await db.schema.alterTable('messages').addColumn('reference', 'text', empty).execute();
      // A message's history and its expiry are read by recipient (messaging/api-views.ts).
      await db.schema.createIndex('recipient_events_recipient').on('recipient_events').column('recipient_id').execute();
      // The API's reads: an account's batches of one mode, newest first.
      await db.schema.createIndex('messages_api').on('messages').columns(['profile_id', 'api_mode', 'id']).execute();
    },
  };
}
