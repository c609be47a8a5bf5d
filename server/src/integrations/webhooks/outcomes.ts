import { sql } from 'kysely';
import type { GatewayContext } from '../../core/context';
import type { Executor } from '../../db/database';
import type { Claimed } from './claims';
import type { PostOutcome } from './post';
import { dueFrom } from './due';

/**
 * What follows an attempt (docs/api-v1.md#webhooks): 2xx succeeds; 410 disables the endpoint and drops
 * what it still had waiting; anything else is retried on the schedule, with jitter, until it runs out.
 * The endpoint counts its failures in a row: after BREAKER_AFTER it is paused (the breaker), a minute
 * first and twice as long at each failure after, up to an hour; its deliveries wait, uncounted, and
 * the first attempt after the pause either closes the breaker (2xx) or pauses it again. Attempts that
 * end during a pause were under way when it began, and do not lengthen it.
 */

/** WEBHOOK_RETRY_SCHEDULE's default: seconds before each retry. */
export const WEBHOOK_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** Each retry's delay is moved by up to this share, so failed deliveries do not retry in lockstep. */
const JITTER = 0.1;
export const BREAKER_AFTER = 5;
const FIRST_PAUSE_MS = 60_000;
const LONGEST_PAUSE_MS = 3_600_000;

export const GONE_REASON = 'The endpoint answered 410 Gone';

/** The delay before the retry after `attempts` attempts, with jitter; null when the schedule has run out. */
export function retryDelayMs(schedule: readonly number[], attempts: number, random = Math.random): number | null {
  const seconds = schedule[attempts - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 - JITTER + 2 * JITTER * random()));
}

/** How long an endpoint with `failures` failures in a row is paused (none before BREAKER_AFTER). */
export function pauseMs(failures: number): number {
  if (failures < BREAKER_AFTER) return 0;
  return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(failures - BREAKER_AFTER, 10));
}

async function answered(trx: Executor, endpointId: string) {
  await trx
    .updateTable('webhook_endpoints')
    .set({ failures: 0, timeouts: 0, paused_until: null })
    .where('id', '=', endpointId)
    .where((eb) => eb.or([eb('failures', '<>', 0), eb('timeouts', '<>', 0), eb('paused_until', 'is not', null)]))
    .execute();
}

/**
 * Counts a failure in a row, and pauses the endpoint past BREAKER_AFTER. A failure that ends while the
 * endpoint is paused is of an attempt under way when the pause began: it counts for nothing, or the
 * attempts a gateway had in flight at once (16 cut together by a slow moment) would take the pause
 * to an hour at one stroke. Only the first attempt after a pause can lengthen it.
 */
async function failed(trx: Executor, endpointId: string, timedOut: boolean, now: number) {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({
      failures: sql<number>`failures + 1`,
      timeouts: timedOut ? sql<number>`timeouts + 1` : 0,
    })
    .where('id', '=', endpointId)
    .where((eb) => eb.or([eb('paused_until', 'is', null), eb('paused_until', '<=', now)]))
    .returning('failures')
    .executeTakeFirst();
  if (!row) return;
  const pause = pauseMs(Number(row.failures));
  if (pause === 0) return;
  const until = now + pause;
  await trx
    .updateTable('webhook_endpoints')
    .set({ paused_until: until, due_at: sql<number>`case when due_at < ${until} then ${until} else due_at end` })
    .where('id', '=', endpointId)
    .execute();
}

/**
 * A 410: nothing the endpoint had waiting is sent, claimed or not, and it is disabled. Deliveries are
 * changed before their endpoint, as every transaction here does, so two never wait for each other.
 */
async function gone(trx: Executor, endpointId: string, now: number) {
  await trx
    .updateTable('webhook_deliveries')
    .set({ state: 'dropped', next_attempt_at: null, claimed_by: null, claimed_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .execute();
  await trx
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now, disabled_reason: GONE_REASON, due_at: null })
    .where('id', '=', endpointId)
    .where('disabled_at', 'is', null)
    .execute();
}

/** Records an attempt's outcome on the delivery this owner still holds, and what follows from it. */
export async function recordOutcome(ctx: GatewayContext, d: Claimed, owner: string, outcome: PostOutcome, at: number) {
  const now = ctx.now();
  const code = outcome.statusCode;
  const ok = code !== null && code >= 200 && code < 300;
  const isGone = code === 410;
  const delay = ok || isGone ? null : retryDelayMs(ctx.webhookRetrySchedule ?? WEBHOOK_RETRY_SCHEDULE, d.attempts);
  const next = delay === null ? null : now + delay;
  const metric = ok ? 'succeeded' : isGone ? 'gone' : next === null ? 'failed' : 'retry';
  ctx.observers?.webhookAttempt(metric, outcome.durationMs / 1000);
  await ctx.db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('webhook_deliveries')
      .set({
        state: ok ? 'succeeded' : next === null ? 'failed' : 'pending',
        next_attempt_at: next,
        last_status_code: code,
        last_duration_ms: outcome.durationMs,
        last_attempt_at: at,
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', d.id)
      .where('claimed_by', '=', owner)
      .where('attempts', '=', d.attempts)
      .executeTakeFirst();
    // Not held any more (its endpoint went, or its lease lapsed and another loop took it): the
    // attempt still happened, and is kept while its delivery is.
    const kept =
      Number(held.numUpdatedRows) > 0 ||
      (await trx.selectFrom('webhook_deliveries').select('id').where('id', '=', d.id).executeTakeFirst()) !== undefined;
    if (!kept) return;
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
    if (ok) await answered(trx, d.endpoint_id);
    else if (isGone) await gone(trx, d.endpoint_id, now);
    else {
      await failed(trx, d.endpoint_id, outcome.timedOut === true, now);
      if (next !== null && Number(held.numUpdatedRows) > 0)
        await dueFrom(trx, ctx.db.dialectName, [d.endpoint_id], next);
    }
  });
}
