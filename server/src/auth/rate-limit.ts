import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { sha256 } from './tokens';

/**
 * Keys carry what a caller typed (a login name of up to a request's size): a longer one is stored by
 * its hash, so no key outgrows an index entry (PostgreSQL refuses one over 2.7 kB) or fills the table.
 */
const LONGEST_KEY = 200;
const storedKey = (key: string) => (key.length <= LONGEST_KEY ? key : `sha256:${sha256(key)}`);
/**
 * Who a limit per address counts: an IPv4 address (an IPv4-mapped IPv6 one too) as it is, an IPv6
 * address by its /64, the block a subscriber is given whole, so a client cannot take a fresh address
 * of its block for each try. Anything else (no address) as it is.
 */
export function addressKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(plain) !== 6) return plain;
  const bare = plain.split('%')[0] ?? '';
  const [head = '', tail] = bare.split('::');
  // An IPv4 tail (64:ff9b::1.2.3.4) holds two of the eight groups.
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const first = groups(head);
  const all =
    tail === undefined ? first : [...first, ...Array<string>(8 - first.length - groups(tail).length).fill('0')];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** No limit's window is longer than this: a count older is over, and the sweep deletes it. */
export const LONGEST_WINDOW_MS = 24 * 3600 * 1000;

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
    .values({ key: storedKey(key), window_start: windowStart, count: 1 })
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
    .where('key', '=', storedKey(key))
    .where('window_start', '=', now - (now % windowMs))
    .where('count', '>', 0)
    .execute();
}

/**
 * Notes that `key` happened now (a row whose window starts at that time): `seenSince` answers whether
 * it happened lately; the sweep deletes the note a day (LONGEST_WINDOW_MS) after it was last made.
 */
export async function noteSeen(ctx: GatewayContext, key: string): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .insertInto('rate_limits')
    .values({ key: storedKey(key), window_start: now, count: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now, count: 1 }))
    .execute();
}

/** Whether `noteSeen(key)` was called at `since` or later (and within the last day). */
export async function seenSince(ctx: GatewayContext, key: string, since: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', storedKey(key))
    .where('window_start', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets every count and note whose key starts with `prefix` (at most LONGEST_KEY characters). */
export async function forgetKeys(ctx: GatewayContext, prefix: string): Promise<void> {
  await ctx.db
    .deleteFrom('rate_limits')
    .where(sql<boolean>`substr(${sql.ref('key')}, 1, ${prefix.length}) = ${prefix}`)
    .execute();
}

/** Deletes the counts of windows long over (background.ts, hourly): each address or name tried leaves one. */
export async function pruneRateLimits(ctx: GatewayContext): Promise<number> {
  const res = await ctx.db
    .deleteFrom('rate_limits')
    .where('window_start', '<', ctx.now() - LONGEST_WINDOW_MS)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
