import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/** Where a delivery still to go stands: being sent now, due (first try or retry), or waiting for a later retry. */
export type BacklogState = 'sending' | 'due' | 'waiting_retry';
export const BACKLOG_STATES: readonly BacklogState[] = ['sending', 'due', 'waiting_retry'];

export interface WebhookBacklog {
  pending: number;
  oldestPendingMs: number;
  byState: Record<BacklogState, number>;
}

/**
 * Webhook deliveries still to go, by where they stand, and how long the oldest has waited (ms), for
 * metrics. Only pending ones are counted: the ended ones are many and kept for their retention, and a
 * scrape must stay cheap.
 */
export async function webhookBacklog(db: Executor, now: number): Promise<WebhookBacklog> {
  const standing = sql<BacklogState>`case
    when claimed_by is not null and claimed_until > ${now} then 'sending'
    when next_attempt_at is null or next_attempt_at <= ${now} then 'due'
    else 'waiting_retry' end`;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => [standing.as('standing'), eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('state', '=', 'pending')
    // By its place in the select: PostgreSQL takes the same CASE with its own parameters as another expression.
    .groupBy(sql`1`)
    .execute();
  const byState: Record<BacklogState, number> = { sending: 0, due: 0, waiting_retry: 0 };
  let oldest: number | null = null;
  for (const row of rows) {
    byState[row.standing] = Number(row.n);
    if (row.oldest !== null) oldest = Math.min(oldest ?? Number(row.oldest), Number(row.oldest));
  }
  const pending = byState.sending + byState.due + byState.waiting_retry;
  return { pending, oldestPendingMs: oldest === null ? 0 : Math.max(0, now - oldest), byState };
}
