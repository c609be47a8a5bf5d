import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, notNull, zero } from '../columns';

/**
 * Webhook delivery shared fairly between endpoints and accounts (docs/api-v1.md#webhooks): the loop
 * claims by endpoint, so each endpoint keeps when it may next have something due (`due_at`, a lower
 * bound), its consecutive failures and timeouts, and the end of its pause; deliveries are read by
 * endpoint, state and time. The fan-out reads an account and mode's endpoints of one kind by index. A
 * callback URL is kept while its sends' events may still come (`used_until`). Test mode's free
 * deliveries are counted per account and hour (`webhook_quota`).
 */
export function webhookFairness(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_endpoints').addColumn('due_at', ms).execute();
      await db.schema.alterTable('webhook_endpoints').addColumn('failures', 'integer', zero).execute();
      await db.schema.alterTable('webhook_endpoints').addColumn('timeouts', 'integer', zero).execute();
      await db.schema.alterTable('webhook_endpoints').addColumn('paused_until', ms).execute();
      await db.schema.alterTable('webhook_endpoints').addColumn('used_until', ms).execute();

      await db.schema.dropIndex('webhook_endpoints_owner').execute();
      await db.schema
        .createIndex('webhook_endpoints_owner')
        .on('webhook_endpoints')
        .columns(['profile_id', 'mode', 'kind'])
        .execute();
      await db.schema.createIndex('webhook_endpoints_due').on('webhook_endpoints').column('due_at').execute();

      await db.schema.dropIndex('webhook_deliveries_due').execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'state', 'next_attempt_at'])
        .execute();

      // What waits now is due from its earliest next attempt (a claim's is before its lease ends).
      await sql`update webhook_endpoints set due_at = (
          select min(d.next_attempt_at) from webhook_deliveries d
          where d.endpoint_id = webhook_endpoints.id and d.state = 'pending')`.execute(db);
      // The callback URLs of sends made before this migration are kept a week from now.
      await sql`update webhook_endpoints set used_until = ${Date.now() + 7 * 24 * 3_600_000}
          where kind = 'callback'`.execute(db);

      await db.schema
        .createTable('webhook_quota')
        .addColumn('profile_id', 'integer', (c) => c.primaryKey())
        .addColumn('window_start', ms, notNull)
        .addColumn('made', 'integer', zero)
        .execute();
    },
  };
}
