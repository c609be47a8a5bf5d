import { performance } from 'node:perf_hooks';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { GatewayContext } from '../../core/context';
import { fanOutEvents } from './events';
import { fanOutBalanceAlerts } from './balance-events';
import { fanOutClicks } from './click-events';
import { postWebhook, type PostOutcome } from './post';
import { systemLookup } from './safe-url';
import { fill, timeoutOf, type Claimed, type InFlight } from './claims';
import { recordOutcome } from './outcomes';

/**
 * Sending webhooks (docs/api-v1.md#webhooks). Each gateway's loop keeps a pool of attempts in flight
 * and claims more as slots free, by endpoint and in turn (claims.ts): no endpoint has more than a few
 * attempts in flight, nor any account more than its share of the pool, so a receiver that never
 * answers holds its own slots and no one else's. A claim names its owner and holds a lease (on
 * PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED), so two gateways on one database never send
 * one attempt twice; a claim left by a stopped gateway lapses with its lease and the delivery is tried
 * again. Each attempt is signed the Standard Webhooks way with the endpoint's secret and keeps the
 * delivery's webhook-id; what follows its answer is in outcomes.ts.
 */

export { WEBHOOK_RETRY_SCHEDULE } from './outcomes';

/** Steps of the fan-out (500 events each) taken at once, so a flood of events never starves the sending. */
const FAN_OUT_STEPS = 20;
/** While attempts are in flight, the loop fans new events out and claims again this often. */
const FAN_OUT_EVERY_MS = 250;
/** An attempt's end is waited on this long for others, before its slot is claimed for. */
const GATHER_MS = 5;
/** How long one tick may go on before it returns (its attempts in flight go on: settleWebhooks). */
export const WEBHOOK_TICK_BUDGET_MS = 2000;

/** This gateway's name on its claims. */
export const newLoopOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** One loop's attempts in flight, kept from tick to tick. */
interface Pool extends InFlight {
  running: Set<Promise<void>>;
  /** Called when an attempt ends, to wake a tick waiting for a free slot. */
  wake: Set<() => void>;
}

const pools = new WeakMap<GatewayContext, Map<string, Pool>>();

function poolOf(ctx: GatewayContext, owner: string): Pool {
  let byOwner = pools.get(ctx);
  if (!byOwner) pools.set(ctx, (byOwner = new Map()));
  let pool = byOwner.get(owner);
  if (!pool) {
    pool = { total: 0, endpoints: new Map(), accounts: new Map(), running: new Set(), wake: new Set() };
    byOwner.set(owner, pool);
  }
  return pool;
}

async function attempt(ctx: GatewayContext, d: Claimed): Promise<PostOutcome> {
  // The signature's time is the wall clock's: receivers check it against theirs.
  const sentAt = new Date();
  const signature = new Webhook(d.secret).sign(d.webhook_id, sentAt, d.payload);
  return postWebhook(
    new URL(d.url),
    {
      'webhook-id': d.webhook_id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
      'user-agent': 'BulkSMS-Webhooks/1',
    },
    d.payload,
    { timeoutMs: timeoutOf(ctx, d), publicOnly: !ctx.devMode, resolve: ctx.lookupHost ?? systemLookup },
  ).catch((error: unknown) => ({
    statusCode: null,
    durationMs: 0,
    error: `The request could not be made: ${error instanceof Error ? error.message : 'unknown error'}`,
  }));
}

/** Starts a claimed delivery's attempt in the pool; its slot frees when its outcome is recorded. */
function start(ctx: GatewayContext, owner: string, pool: Pool, d: Claimed) {
  const endpoint = pool.endpoints.get(d.endpoint_id) ?? { n: 0, cap: d.cap };
  endpoint.cap = d.cap;
  endpoint.n += 1;
  pool.endpoints.set(d.endpoint_id, endpoint);
  pool.accounts.set(d.profileId, (pool.accounts.get(d.profileId) ?? 0) + 1);
  pool.total += 1;
  const task = (async () => {
    const at = ctx.now();
    await recordOutcome(ctx, d, owner, await attempt(ctx, d), at);
  })()
    .catch((error: unknown) => ctx.reportError?.('webhook attempt failed', error))
    .finally(() => {
      endpoint.n -= 1;
      if (endpoint.n === 0) pool.endpoints.delete(d.endpoint_id);
      const left = (pool.accounts.get(d.profileId) ?? 1) - 1;
      if (left === 0) pool.accounts.delete(d.profileId);
      else pool.accounts.set(d.profileId, left);
      pool.total -= 1;
      pool.running.delete(task);
      for (const wake of pool.wake) wake();
    });
  pool.running.add(task);
}

/**
 * Resolves GATHER_MS after an attempt of the pool ends (so the slots of attempts ending together are
 * claimed for in one round), or after `ms`.
 */
function changeOrAfter(pool: Pool, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      pool.wake.delete(woken);
      resolve();
    }
    function woken() {
      pool.wake.delete(woken);
      clearTimeout(timer);
      timer = setTimeout(done, Math.min(ms, GATHER_MS));
    }
    pool.wake.add(woken);
  });
}

async function fanOut(ctx: GatewayContext) {
  for (let i = 0; i < FAN_OUT_STEPS && (await fanOutEvents(ctx)) > 0; i += 1);
  await fanOutBalanceAlerts(ctx);
  await fanOutClicks(ctx);
}

/**
 * One tick of the webhook loop: fans new events out and claims what is due into the pool's free
 * slots; while attempts are in flight, it fans out and claims again as each ends (and every
 * FAN_OUT_EVERY_MS). Returns when nothing is in flight or due, or when the budget is spent (attempts
 * in flight then go on, and the next tick counts them). Returns the attempts it started.
 */
export async function tickWebhooks(
  ctx: GatewayContext,
  owner: string,
  budgetMs = WEBHOOK_TICK_BUDGET_MS,
): Promise<number> {
  const pool = poolOf(ctx, owner);
  const until = performance.now() + budgetMs;
  let started = 0;
  let fannedOut = -Infinity;
  for (;;) {
    if (performance.now() - fannedOut >= FAN_OUT_EVERY_MS) {
      await fanOut(ctx);
      fannedOut = performance.now();
    }
    const { taken, more } = await fill(ctx, owner, pool, (d) => start(ctx, owner, pool, d));
    started += taken;
    const left = until - performance.now();
    if ((taken === 0 && pool.total === 0) || left <= 0) return started;
    if (!more) await changeOrAfter(pool, Math.min(left, FAN_OUT_EVERY_MS));
  }
}

/** Waits for the loop's attempts in flight to end (a stopping gateway, after its last tick). */
export async function settleWebhooks(ctx: GatewayContext, owner: string): Promise<void> {
  const pool = poolOf(ctx, owner);
  while (pool.running.size > 0) await Promise.all([...pool.running]);
}

/** Finished deliveries are kept as long as recipient events (30 days), then pruned with their attempts. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;
const PRUNE_STEP = 1000;

/** Deletes finished deliveries past their retention, PRUNE_STEP at a time. Returns how many. */
export async function pruneDeliveries(ctx: GatewayContext): Promise<number> {
  let pruned = 0;
  for (;;) {
    const old = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('state', '<>', 'pending')
      .where('created_at', '<', ctx.now() - DELIVERY_RETENTION_MS)
      .limit(PRUNE_STEP)
      .execute();
    if (old.length === 0) return pruned;
    const ids = old.map((d) => d.id);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
      await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    });
    pruned += old.length;
    if (old.length < PRUNE_STEP) return pruned;
  }
}
