import type { GatewayContext } from './core/context';
import { haltCarrier, stopCarrier, tickCarrier } from './carrier/delivery';
import { tickScheduler } from './scheduler/scheduler';
import { expireClaims } from './tenancy/domain-claims';
import { expireCheckouts } from './payments/reservations';
import { pruneEvents } from './messaging/recipient-events';
import { newLoopOwner, pruneDeliveries, settleWebhooks, tickWebhooks } from './integrations/webhooks/deliver';
import { pruneAudit } from './audit/audit-log';
import { pruneChallenges } from './accounts/sign-in-challenge';
import { pruneRateLimits } from './auth/rate-limit';
import { pruneMail, tickMail } from './mail/deliver-mail';
import { sendLowBalanceAlerts } from './accounts/low-balance-alerts';
import { newTopupOwner, tickAutoTopups } from './payments/auto-topup-run';
import { pruneShortLinks } from './links/prune';

export const CARRIER_TICK_MS = 200;
export const SCHEDULER_TICK_MS = 2000;
/** Unverified domain claims past their period are closed this often. */
const CLAIM_SWEEP_MS = 3600 * 1000;
/** How often checkouts past their time give a reseller's reserved credits back. */
export const CHECKOUT_SWEEP_MS = 60_000;
/** Recipient events past their retention (messaging/recipient-events.ts) are pruned this often. */
export const EVENT_SWEEP_MS = 3600 * 1000;
/** How often the webhook loop fans new events out and sends what is due (a tick goes on for up to 2 s). */
export const WEBHOOK_TICK_MS = 250;
/** How often the mail loop sends what is due (server/src/mail). */
export const MAIL_TICK_MS = 2000;
/** Chunks one carrier tick may take (2,000 rows each); the rest waits for the next tick. */
const CARRIER_CHUNKS_PER_TICK = 25;

/**
 * A loop step that never overlaps itself: a slow tick makes the next one skip, not pile up. Each tick's
 * start and end are its heartbeat for readiness (ctx.liveness).
 */
function every(ctx: GatewayContext, ms: number, step: () => Promise<unknown>, name: string) {
  let running: Promise<unknown> | null = null;
  const beat = { everyMs: ms, lastDoneAt: null as number | null, runningSince: null as number | null };
  ctx.liveness?.loops.set(name, beat);
  const timer = setInterval(() => {
    if (running) return;
    beat.runningSince = performance.now();
    running = step()
      .catch((error: unknown) => {
        ctx.reportError?.(`${name} tick failed`, error);
      })
      .finally(() => {
        running = null;
        beat.runningSince = null;
        beat.lastDoneAt = performance.now();
      });
  }, ms);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Starts the carrier's delivery reports, the scheduler and the sweeps; returns a stop function. */
export function startBackground(ctx: GatewayContext): () => Promise<void> {
  const webhookOwner = newLoopOwner();
  const topupOwner = newTopupOwner();
  const stops = [
    every(ctx, CARRIER_TICK_MS, () => tickCarrier(ctx, { maxChunks: CARRIER_CHUNKS_PER_TICK }), 'carrier'),
    every(ctx, SCHEDULER_TICK_MS, () => tickScheduler(ctx), 'scheduler'),
    every(ctx, CLAIM_SWEEP_MS, () => expireClaims(ctx), 'domain claims'),
    every(ctx, CHECKOUT_SWEEP_MS, () => expireCheckouts(ctx), 'checkout sweep'),
    every(ctx, EVENT_SWEEP_MS, () => pruneEvents(ctx.db, ctx.now()), 'recipient events sweep'),
    every(ctx, WEBHOOK_TICK_MS, () => tickWebhooks(ctx, webhookOwner), 'webhooks'),
    every(ctx, EVENT_SWEEP_MS, () => pruneDeliveries(ctx), 'webhook deliveries sweep'),
    every(ctx, EVENT_SWEEP_MS, () => pruneAudit(ctx.db, ctx.now()), 'audit log sweep'),
    every(ctx, EVENT_SWEEP_MS, () => pruneChallenges(ctx), 'sign-in challenges sweep'),
    every(ctx, EVENT_SWEEP_MS, () => pruneRateLimits(ctx), 'rate limits sweep'),
    every(ctx, MAIL_TICK_MS, () => tickMail(ctx), 'mail'),
    every(ctx, MAIL_TICK_MS, () => sendLowBalanceAlerts(ctx), 'low-balance alerts'),
    every(ctx, MAIL_TICK_MS, () => tickAutoTopups(ctx, topupOwner), 'auto top-up'),
    every(ctx, EVENT_SWEEP_MS, () => pruneMail(ctx), 'mail sweep'),
    every(ctx, EVENT_SWEEP_MS, () => pruneShortLinks(ctx), 'short links sweep'),
  ];
  return async () => {
    // A carrier tick may run for seconds: it stops sending now, rather than when the tick would end.
    haltCarrier(ctx);
    await Promise.all(stops.map((stop) => stop()));
    // A webhook tick returns with attempts still in flight: their outcomes are recorded before the end.
    await settleWebhooks(ctx, webhookOwner);
    // After the last tick: unbind, record the last answers, give back what was never written.
    await stopCarrier(ctx);
    ctx.mailer?.close();
  };
}
