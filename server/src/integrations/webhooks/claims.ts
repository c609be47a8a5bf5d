import { sql, type ExpressionBuilder } from 'kysely';
import type { GatewayContext } from '../../core/context';
import type { Database } from '../../db/schema';
import type { WebhookDeliveryRow } from '../../db/schema-integrations';
import { lockEndpoints } from './due';

/**
 * Claims of the delivery loop, shared fairly (docs/api-v1.md#webhooks). A loop picks endpoints, not
 * deliveries: those due (webhook_endpoints.due_at) and not paused, the longest waiting first, and
 * takes a few deliveries of each in turn, within caps on what it has in flight at once: POOL_SIZE in
 * all, ACCOUNT_CAP for one account, ENDPOINT_CAP for one endpoint (one while it fails). A claim names
 * its owner and holds a lease (on PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED), so two
 * gateways never send one attempt twice; a claim left by a stopped gateway lapses with its lease.
 */

export const WEBHOOK_TIMEOUT_MS = 15_000;
/** A claim outlives its attempt's full time by this much. */
const LEASE_MARGIN_MS = 30_000;
/** An endpoint cut this many times in a row gets a fifth of the time. */
const SLOW_AFTER = 2;
/** Attempts one loop has in flight at most: in all, for one account, for one endpoint (1 while it fails). */
export const POOL_SIZE = 128;
export const ACCOUNT_CAP = 32;
export const ENDPOINT_CAP = 16;
/** An endpoint served is sent to the back of the line at most this often. */
const ROTATE_MS = 1000;
/** Rows of an endpoint's waiting deliveries read to work out when it is next due. */
const DUE_LOOK = 50;
/** Rounds of claims one fill may take. */
const MAX_ROUNDS = 8;

/** A claimed delivery with what its attempt needs. */
export interface Claimed extends WebhookDeliveryRow {
  url: string;
  secret: string;
  profileId: number;
  /** The endpoint's timeouts in a row when claimed: past a few, the attempt gets less time. */
  timeouts: number;
  /** The endpoint's cap on attempts in flight when claimed. */
  cap: number;
}

/** What one loop has in flight: per endpoint (with its cap when claimed) and per account. */
export interface InFlight {
  total: number;
  endpoints: Map<string, { n: number; cap: number }>;
  accounts: Map<number, number>;
}

interface Candidate {
  id: string;
  due_at: number | null;
  profile_id: number;
  url: string;
  secret: string;
  failures: number;
  timeouts: number;
}

/** The time an attempt gets: less for an endpoint that keeps timing out. */
export function timeoutOf(ctx: GatewayContext, d: Pick<Claimed, 'timeouts'>): number {
  const full = ctx.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return d.timeouts >= SLOW_AFTER ? Math.max(1, Math.round(full / 5)) : full;
}

const capOf = (c: Candidate) => (c.failures > 0 ? 1 : ENDPOINT_CAP);

/** Enabled, unpaused endpoints that may have something due, the longest waiting first; none whose cap is reached. */
function candidates(ctx: GatewayContext, flight: InFlight, now: number, limit: number) {
  const fullEndpoints = [...flight.endpoints].filter(([, e]) => e.n >= e.cap).map(([id]) => id);
  const fullAccounts = [...flight.accounts].filter(([, n]) => n >= ACCOUNT_CAP).map(([id]) => id);
  let query = ctx.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'due_at', 'profile_id', 'url', 'secret', 'failures', 'timeouts'])
    .where('due_at', '<=', now)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('paused_until', 'is', null), eb('paused_until', '<=', now)]))
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit);
  if (fullEndpoints.length > 0) query = query.where('id', 'not in', fullEndpoints);
  if (fullAccounts.length > 0) query = query.where('profile_id', 'not in', fullAccounts);
  return query.execute();
}

/** Shares `slots` among the candidates one at a time in turn, within each endpoint's and account's cap. */
function share(found: Candidate[], flight: InFlight, slots: number): Map<string, number> {
  const wanted = new Map<string, number>();
  const accounts = new Map(flight.accounts);
  for (let progress = true; slots > 0 && progress;) {
    progress = false;
    for (const c of found) {
      if (slots === 0) break;
      const taken = wanted.get(c.id) ?? 0;
      const account = accounts.get(c.profile_id) ?? 0;
      if ((flight.endpoints.get(c.id)?.n ?? 0) + taken >= capOf(c) || account >= ACCOUNT_CAP) continue;
      wanted.set(c.id, taken + 1);
      accounts.set(c.profile_id, account + 1);
      slots -= 1;
      progress = true;
    }
  }
  return wanted;
}

const free = (now: number) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);

/**
 * Claims up to `k` due deliveries of one endpoint for `owner`, oldest first; each claim counts one
 * attempt. The rows are chosen once, in a materialized CTE (on PostgreSQL locked as they are chosen,
 * SKIP LOCKED), then updated by id: an `IN (subquery)` the plan rescans per row would skip the rows
 * this update had just changed and take the next k each time, every waiting delivery at once.
 */
async function claimOf(ctx: GatewayContext, owner: string, endpointId: string, k: number, now: number) {
  const lease = now + (ctx.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS) + LEASE_MARGIN_MS;
  let due = ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where(free(now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(k);
  if (ctx.db.dialectName === 'postgres') due = due.forUpdate().skipLocked();
  return ctx.db
    .with(
      (wb) => wb('due').materialized(),
      () => due,
    )
    .updateTable('webhook_deliveries')
    .set({ claimed_by: owner, claimed_until: lease, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where('state', '=', 'pending')
    .where(free(now))
    .returningAll()
    .execute();
}

/**
 * Works out when the endpoint is next due from what waits: the earliest next attempt, a claim's at
 * the end of its lease. The endpoint's row is locked first (PostgreSQL), so a delivery made due while
 * this reads is either seen here or lowers due_at after it.
 */
async function recomputeDue(ctx: GatewayContext, endpointId: string, now: number) {
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.db.dialectName === 'postgres')
      await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).forUpdate().execute();
    const waiting = await trx
      .selectFrom('webhook_deliveries')
      .select(['next_attempt_at', 'claimed_until'])
      .where('endpoint_id', '=', endpointId)
      .where('state', '=', 'pending')
      .orderBy('next_attempt_at')
      .limit(DUE_LOOK)
      .execute();
    // Claims come first (they were due when made); past DUE_LOOK rows, the last one read bounds the rest.
    const times = waiting.map((d) =>
      d.claimed_until !== null && Number(d.claimed_until) >= now ? Number(d.claimed_until) : Number(d.next_attempt_at),
    );
    if (waiting.length === DUE_LOOK) times.push(Number(waiting[DUE_LOOK - 1]!.next_attempt_at));
    const due = times.length === 0 ? null : Math.min(...times);
    await trx.updateTable('webhook_endpoints').set({ due_at: due }).where('id', '=', endpointId).execute();
  });
}

/** Endpoints that had all they were given: to the back of the line (still due), so others take turns. */
async function rotate(ctx: GatewayContext, endpointIds: string[], now: number) {
  if (endpointIds.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    await lockEndpoints(trx, ctx.db.dialectName, endpointIds);
    await trx
      .updateTable('webhook_endpoints')
      .set({ due_at: now })
      .where('id', 'in', endpointIds)
      .where('due_at', '<', now - ROTATE_MS)
      .execute();
  });
}

/** One round: picks endpoints, claims their share, and keeps their due_at true. */
async function claimRound(ctx: GatewayContext, owner: string, flight: InFlight, slots: number) {
  const now = ctx.now();
  const found = await candidates(ctx, flight, now, slots);
  const wanted = share(found, flight, slots);
  const claimed: Claimed[] = [];
  const rotated: string[] = [];
  for (const c of found) {
    const k = wanted.get(c.id);
    if (!k) continue;
    const rows = await claimOf(ctx, owner, c.id, k, now);
    for (const d of rows)
      claimed.push({
        ...d,
        url: c.url,
        secret: c.secret,
        profileId: c.profile_id,
        timeouts: c.timeouts,
        cap: capOf(c),
      });
    if (rows.length < k) await recomputeDue(ctx, c.id, now);
    else if (Number(c.due_at) < now - ROTATE_MS) rotated.push(c.id);
  }
  await rotate(ctx, rotated, now);
  // Another round may find more when this one's list was full or an account's cap cut it short.
  const served = [...wanted.values()].reduce((n, k) => n + k, 0);
  const more = claimed.length > 0 && (found.length === slots || (served < slots && wanted.size < found.length));
  return { claimed, more };
}

/**
 * Claims into the loop's free slots, round after round while a round may leave more; `take` gets each
 * claim as it comes. Answers how many it took and whether more may be waiting (its rounds ran out).
 */
export async function fill(
  ctx: GatewayContext,
  owner: string,
  flight: InFlight,
  take: (d: Claimed) => void,
): Promise<{ taken: number; more: boolean }> {
  let taken = 0;
  for (let round = 0; round < MAX_ROUNDS && flight.total < POOL_SIZE; round += 1) {
    const { claimed, more } = await claimRound(ctx, owner, flight, POOL_SIZE - flight.total);
    for (const d of claimed) take(d);
    taken += claimed.length;
    if (!more) return { taken, more: false };
  }
  return { taken, more: flight.total < POOL_SIZE };
}
