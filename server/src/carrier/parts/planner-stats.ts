import { sql } from 'kysely';
import type { GatewayContext } from '../../core/context';

/** A busy send's tables are analyzed at most this often. */
const ANALYZE_EVERY_MS = 60_000;

const lastAnalyzed = new WeakMap<GatewayContext, number>();

/**
 * Keeps PostgreSQL's planner statistics of the carrier's tables current while a send runs. A large
 * send fills them faster than autovacuum looks (once a minute at best): without statistics the
 * planner reads a part's state index instead of its id, and that index holds an entry for every
 * state each part went through, so every step would get slower as the send went on. Called when parts were
 * claimed; at most once a minute; SQLite plans by its indexes alone.
 */
export async function refreshPlannerStats(ctx: GatewayContext): Promise<void> {
  if (ctx.db.dialectName !== 'postgres') return;
  const now = Date.now();
  if (now - (lastAnalyzed.get(ctx) ?? 0) < ANALYZE_EVERY_MS) return;
  lastAnalyzed.set(ctx, now);
  // A role that may not analyze (not the tables' owner) only misses the speed-up.
  await sql`analyze carrier_parts, carrier_receipts, message_recipients`
    .execute(ctx.db)
    .catch((error: unknown) => ctx.reportError?.('carrier planner statistics', error));
}
