import client from 'prom-client';
import type { GatewayContext } from '../core/context';
import type { Observers } from '../core/observers';
import { carrierHealth, oldestWaitingPartMs } from '../carrier/carrier-health';
import { dueRunsBacklog } from '../messaging/registrations';
import { BACKLOG_STATES, webhookBacklog } from '../integrations/webhooks/backlog';
import { mailByStatus } from '../mail/outbox';
import { bindsByAccount } from '../smpp-server/bind-counts';
import { readiness } from './readiness';
import { eventFamilies } from './metrics-events';

export interface Metrics {
  registry: client.Registry;
  observers: Observers;
}

type Gather = (ctx: GatewayContext) => Promise<void>;

/**
 * The gateway's Prometheus metrics (docs/operations.md#metrics): counters and histograms the HTTP
 * layer and the database feed as they work, and gauges read when scraped (the carrier's link and
 * queue, the scheduler's, webhooks' and e-mail's backlogs, SMPP binds, readiness). `smppOwner`
 * names this instance's SMPP server, when it runs one.
 */
export function createMetrics(ctx: GatewayContext, smppOwner: () => string | null = () => null): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const observers = eventFamilies(registers);
  const gathers: Gather[] = [];
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new client.Gauge({ name, help, labelNames, registers });

  const pool = gauge('db_pool_connections', 'PostgreSQL pool connections: total, idle, and requests waiting', [
    'state',
  ]);
  gathers.push(async () => {
    const stats = ctx.db.poolStats?.();
    if (!stats) return;
    for (const [state, n] of Object.entries(stats)) pool.set({ state }, n);
  });

  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new client.Counter({ name, help, labelNames, registers });
  gathers.push(carrierGauges(gauge, counter));
  gathers.push(backlogGauges(gauge, smppOwner));
  const ready = gauge('gateway_ready', '1 when /readyz answers ready, else 0');
  gathers.push(async () => {
    ready.set((await readiness(ctx)).ready ? 1 : 0);
  });

  // Every gauge is read at each scrape, all at once, before the text is written.
  const metrics = registry.metrics.bind(registry);
  registry.metrics = async () => {
    // A figure that cannot be read is left out of this scrape and logged, never hidden.
    await Promise.all(
      gathers.map((gather) => gather(ctx).catch((error: unknown) => ctx.reportError?.('metrics', error))),
    );
    return metrics();
  };

  return {
    registry,
    observers,
  };
}

type MakeGauge = (name: string, help: string, labelNames?: string[]) => client.Gauge;
/** A count the connector keeps since start, copied at each scrape. */
type MakeCounter = (name: string, help: string, labelNames?: string[]) => client.Counter;

/** This instance's carrier link and the queue in the database. */
function carrierGauges(gauge: MakeGauge, counter: MakeCounter): Gather {
  const bound = gauge('carrier_bound', '1 while the carrier link is bound');
  const inFlight = gauge('carrier_in_flight', 'Submits written to the carrier and not yet answered (window use)');
  const throttled = gauge('carrier_throttled', '1 while the carrier asks us to slow down');
  const perSecond = gauge('carrier_submits_per_second', 'Submits answered per second, over the last few seconds');
  const outcomes = counter('carrier_submits_total', 'Submits since start, by outcome', ['outcome']);
  const receipts = counter('carrier_receipts_total', 'Delivery receipts received since start');
  const reconnects = counter('carrier_reconnects_total', 'Times the carrier link was bound again since start');
  const parts = gauge('carrier_parts', 'Message parts in the database not yet final, by state', ['state']);
  const queued = gauge('carrier_queued_recipients', 'Recipients accepted and not yet handed to the carrier');
  const oldest = gauge('carrier_oldest_waiting_part_seconds', 'Age of the oldest part waiting for the wire');
  return async (ctx) => {
    const health = await carrierHealth(ctx);
    const link = health.connectors[0];
    if (link) {
      bound.set(link.bound ? 1 : 0);
      inFlight.set(link.inFlight);
      throttled.set(link.throttled ? 1 : 0);
      perSecond.set(link.sentPerSecond);
      outcomes.reset();
      for (const outcome of ['submitted', 'accepted', 'rejected', 'inDoubt', 'errors'] as const) {
        outcomes.inc({ outcome }, link[outcome]);
      }
      receipts.reset();
      receipts.inc(link.receipts);
      reconnects.reset();
      reconnects.inc(link.reconnects);
    }
    for (const [state, n] of Object.entries(health.parts)) parts.set({ state }, n);
    queued.set(health.queuedRecipients);
    oldest.set((await oldestWaitingPartMs(ctx)) / 1000);
  };
}

/** What waits in the scheduler, webhooks and e-mail, and the SMPP binds of this instance. */
function backlogGauges(gauge: MakeGauge, smppOwner: () => string | null): Gather {
  const runsDue = gauge('scheduler_runs_due', 'Scheduled, recurring and birthday runs due and not yet run');
  const runsLate = gauge('scheduler_oldest_due_seconds', 'How late the most overdue run is');
  const hooks = gauge('webhook_deliveries_pending', 'Webhook deliveries still to go (first tries and retries)');
  const hooksAge = gauge('webhook_oldest_pending_seconds', 'Age of the oldest webhook delivery still to go');
  const hooksByState = gauge(
    'webhook_backlog',
    'Webhook deliveries still to go, by state: sending (claimed now), due, waiting_retry',
    ['state'],
  );
  const mail = gauge('mail_outbox', 'E-mail by status: queued, sent, failed, captured', ['status']);
  const binds = gauge('smpp_server_binds', 'Customer SMPP binds on this instance, by account and bind type', [
    'account',
    'bind_type',
  ]);
  return async (ctx) => {
    const now = ctx.now();
    const [runs, webhooks, mails] = await Promise.all([
      dueRunsBacklog(ctx.db, now),
      webhookBacklog(ctx.db, now),
      mailByStatus(ctx.db),
    ]);
    runsDue.set(runs.due);
    runsLate.set(runs.oldestLateMs / 1000);
    hooks.set(webhooks.pending);
    hooksAge.set(webhooks.oldestPendingMs / 1000);
    for (const state of BACKLOG_STATES) hooksByState.set({ state }, webhooks.byState[state]);
    for (const status of ['queued', 'sent', 'failed', 'captured']) mail.set({ status }, mails[status] ?? 0);
    binds.reset();
    const owner = smppOwner();
    if (owner) {
      for (const b of await bindsByAccount(ctx.db, owner)) {
        binds.set({ account: b.account, bind_type: b.bindType }, b.binds);
      }
    }
  };
}
