import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, notNull } from '../columns';

/**
 * Per-send callback URLs of the integrators' API (docs/api-v1.md#webhooks): a send may name a URL
 * that receives its batch's events, signed with the account's default secret. Such a URL is kept as
 * an endpoint of kind 'callback' (never listed), and the batch names it.
 */
export function webhookCallbacks(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('endpoint'))
        .execute();
      await db.schema.alterTable('messages').addColumn('api_callback', 'text').execute();
      await db.schema
        .createTable('webhook_secrets')
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('mode', 'text', notNull)
        .addColumn('secret', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .addPrimaryKeyConstraint('webhook_secrets_pk', ['profile_id', 'mode'])
        .execute();
    },
  };
}
