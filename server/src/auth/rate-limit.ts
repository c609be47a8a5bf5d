import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';

/**
 * Fixed-window counter in the database, so limits hold across restarts and gateway instances.
 * Answers whether this hit is still within `limit` hits of its window.
 */
export async function rateLimit(ctx: GatewayContext, key: string, limit: number, windowMs: number): Promise<boolean> {
  return (await countHit(ctx, key, windowMs)).count <= limit;
}

/** Counts one hit of `key` in its fixed window: the hits so far in this window and when the window ends. */
export async function countHit(
  ctx: GatewayContext,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetAt: number }> {
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
  return { count: Number(row.count), resetAt: windowStart + windowMs };
}

/** Takes back one hit of `key`'s current window (an attempt that succeeded), never below zero. */
export async function giveBackHit(ctx: GatewayContext, key: string, windowMs: number): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .updateTable('rate_limits')
    .set({ count: sql`${sql.ref('count')} - 1` })
    .where('key', '=', key)
    .where('window_start', '=', now - (now % windowMs))
    .where('count', '>', 0)
    .execute();
}
