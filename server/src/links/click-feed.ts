import { sql } from 'kysely';
import type { Executor } from '../db/database';

/**
 * The clicks the link.clicked webhook has not taken yet, oldest first, each with its link's long URL
 * and mode (integrations/webhooks/click-events.ts reads them and marks each taken).
 */
export function untakenClicks(db: Executor, limit: number) {
  // A link made before migration 049 holds its URL inline (url_id 0, which names no row).
  return db
    .selectFrom('link_clicks as c')
    .innerJoin('short_links as l', 'l.code', 'c.code')
    .leftJoin('short_link_urls as u', 'u.id', 'l.url_id')
    .select([
      'c.id',
      'c.profile_id',
      'c.message_id',
      'c.recipient_id',
      'c.network',
      'c.device',
      'c.at',
      sql<string>`coalesce(u.url, l.url)`.as('url'),
      'l.mode',
    ])
    .where('c.webhook_at', '=', 0)
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

export type UntakenClick = Awaited<ReturnType<typeof untakenClicks>>[number];

/** Marks clicks taken by the webhook; answers the ids this caller marked (another instance's are left out). */
export async function markClicksTaken(db: Executor, ids: readonly number[], now: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('link_clicks')
    .set({ webhook_at: now })
    .where('id', 'in', ids)
    .where('webhook_at', '=', 0)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}
