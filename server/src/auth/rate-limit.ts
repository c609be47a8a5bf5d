import { sql } from 'kysely';
import type { GatewayContext } from '../context';
import { ApiError } from '../http/api-error';

/**
 * Fixed-window counter in the database, so limits hold across restarts and gateway instances.
 * Throws 429 once `limit` hits fall in one window.
 */
export async function rateLimit(ctx: GatewayContext, key: string, limit: number, windowMs: number): Promise<void> {
  const now = ctx.now();
  const windowStart = now - (now % windowMs);
  const row = await ctx.db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count > limit) throw new ApiError(429, 'failed', 'Too many attempts, please try again later');
}
