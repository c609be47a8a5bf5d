import type { Executor } from '../../db/database';

/**
 * Webhook deliveries still to go and how long the oldest has waited (ms), for metrics. Only pending
 * ones are counted: the ended ones are many and kept for their retention, and a scrape must stay cheap.
 */
export async function webhookBacklog(db: Executor, now: number): Promise<{ pending: number; oldestPendingMs: number }> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : Number(row.oldest);
  return { pending: Number(row.n), oldestPendingMs: oldest === null ? 0 : Math.max(0, now - oldest) };
}
