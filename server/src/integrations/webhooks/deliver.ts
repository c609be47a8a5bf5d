import { performance } from 'node:perf_hooks';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { Webhook } from 'standardwebhooks';
import type { GatewayContext } from '../../core/context';
import type { WebhookDeliveryRow } from '../../db/schema-integrations';
import { fanOutEvents } from './events';
import { postWebhook, type PostOutcome } from './post';
import { systemLookup } from './safe-url';

/**
 * Sending webhooks (docs/api-v1.md#webhooks). A loop claims due deliveries (a claim names its owner
 * and holds a lease; on PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED), so two gateways on one
 * database never send one attempt twice; a claim left by a stopped gateway lapses with its lease and
 * the delivery is tried again. Each attempt is signed the Standard Webhooks way with the endpoint's
 * secret and keeps the delivery's webhook-id. 2xx succeeds; 410 disables the endpoint; anything else
 * is retried on the schedule, with jitter, until it runs out.
 */

/** WEBHOOK_RETRY_SCHEDULE's default: seconds before each retry. */
export const WEBHOOK_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
export const WEBHOOK_TIMEOUT_MS = 15_000;
/**
 * Deliveries one loop claims at a time, all sent together: a claim's lease covers one attempt's
 * timeout, so none of them may wait for another's.
 */
const CLAIM_STEP = 25;
/** Steps of the fan-out (500 events each) one tick may take. */
const FAN_OUT_STEPS = 20;
/** A claim outlives its attempt's timeout by this much. */
const LEASE_MARGIN_MS = 30_000;
/** Each retry's delay is moved by up to this share, so failed deliveries do not retry in lockstep. */
const JITTER = 0.1;

export const GONE_REASON = 'The endpoint answered 410 Gone';

/** This gateway's name on its claims. */
export const newLoopOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

type Claimed = WebhookDeliveryRow & { url: string; secret: string };

/** Claims due deliveries of enabled endpoints for `owner`; each claim counts one attempt. */
async function claimDue(ctx: GatewayContext, owner: string, limit: number): Promise<Claimed[]> {
  const now = ctx.now();
  const lease = now + (ctx.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS) + LEASE_MARGIN_MS;
  const free = (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  let due = ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where(free)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (ctx.db.dialectName === 'postgres') due = due.forUpdate().skipLocked();
  const claimed = await ctx.db
    .updateTable('webhook_deliveries')
    .set({ claimed_by: owner, claimed_until: lease, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .where('state', '=', 'pending')
    .where(free)
    .returningAll()
    .execute();
  if (claimed.length === 0) return [];
  const endpoints = await ctx.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'secret', 'disabled_at'])
    .where('id', 'in', [...new Set(claimed.map((d) => d.endpoint_id))])
    .execute();
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  const ready: Claimed[] = [];
  for (const d of claimed) {
    const endpoint = byId.get(d.endpoint_id);
    if (endpoint && endpoint.disabled_at === null) ready.push({ ...d, url: endpoint.url, secret: endpoint.secret });
    else await drop(ctx, d.id, owner);
  }
  return ready;
}

/** A delivery whose endpoint is gone or disabled is not sent. */
async function drop(ctx: GatewayContext, id: number, owner: string) {
  await ctx.db
    .updateTable('webhook_deliveries')
    .set({
      state: 'dropped',
      next_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
      attempts: sql<number>`attempts - 1`,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute();
}

/** The delay before the retry after `attempts` attempts, with jitter; null when the schedule has run out. */
export function retryDelayMs(schedule: readonly number[], attempts: number, random = Math.random): number | null {
  const seconds = schedule[attempts - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 - JITTER + 2 * JITTER * random()));
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
    {
      timeoutMs: ctx.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      publicOnly: !ctx.devMode,
      resolve: ctx.lookupHost ?? systemLookup,
    },
  ).catch((error: unknown) => ({
    statusCode: null,
    durationMs: 0,
    error: `The request could not be made: ${error instanceof Error ? error.message : 'unknown error'}`,
  }));
}

/** Records an attempt's outcome on the delivery this owner still holds, and what follows from it. */
async function record(ctx: GatewayContext, d: Claimed, owner: string, outcome: PostOutcome, at: number) {
  const now = ctx.now();
  const code = outcome.statusCode;
  const ok = code !== null && code >= 200 && code < 300;
  const gone = code === 410;
  const delay = ok || gone ? null : retryDelayMs(ctx.webhookRetrySchedule ?? WEBHOOK_RETRY_SCHEDULE, d.attempts);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: d.id,
        attempt: d.attempts,
        at,
        status_code: code,
        duration_ms: outcome.durationMs,
        error: outcome.error,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        state: ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
        next_attempt_at: delay === null ? null : now + delay,
        last_status_code: code,
        last_duration_ms: outcome.durationMs,
        last_attempt_at: at,
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', d.id)
      .where('claimed_by', '=', owner)
      .where('attempts', '=', d.attempts)
      .execute();
    if (gone) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ disabled_at: now, disabled_reason: GONE_REASON })
        .where('id', '=', d.endpoint_id)
        .where('disabled_at', 'is', null)
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({ state: 'dropped', next_attempt_at: null })
        .where('endpoint_id', '=', d.endpoint_id)
        .where('state', '=', 'pending')
        .where('claimed_by', 'is', null)
        .execute();
    }
  });
}

/** Sends the claimed deliveries together, each recorded as soon as it is answered. */
async function sendAll(ctx: GatewayContext, owner: string, claimed: Claimed[]) {
  await Promise.all(
    claimed.map(async (d) => {
      const at = ctx.now();
      await record(ctx, d, owner, await attempt(ctx, d), at);
    }),
  );
}

/** How long one tick may go on sending what is due before it lets the next tick fan new events out. */
export const WEBHOOK_TICK_BUDGET_MS = 2000;

/**
 * One tick of the webhook loop: fan new events out, then send what is due, CLAIM_STEP at once, until
 * nothing is due or the budget is spent (the next tick goes on). Returns the attempts made.
 */
export async function tickWebhooks(
  ctx: GatewayContext,
  owner: string,
  budgetMs = WEBHOOK_TICK_BUDGET_MS,
): Promise<number> {
  // At most FAN_OUT_STEPS steps of events a tick, so a flood of events never starves the sending.
  for (let i = 0; i < FAN_OUT_STEPS && (await fanOutEvents(ctx)) > 0; i += 1);
  const until = performance.now() + budgetMs;
  let sent = 0;
  while (performance.now() < until) {
    const claimed = await claimDue(ctx, owner, CLAIM_STEP);
    if (claimed.length === 0) break;
    await sendAll(ctx, owner, claimed);
    sent += claimed.length;
  }
  return sent;
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
