import { afterEach, beforeEach } from 'vitest';
import { db } from '../../../../src/db/db';
import { readJob } from '../../../../src/db/outbox-store';
import type { OutboxJob } from '../../../../src/db/app-db';
import type { OutboxState } from '../../../../src/domain/send/outbox-state';
import { startDrainer, type DrainerOptions } from '../../../../src/outbox/drainer';
import type { NetworkWatch } from '../../../../src/outbox/network';
import type { OutboxAlert } from '../../../../src/outbox/send-job';
import { onOutboxEvent, type OutboxEvent } from '../../../../src/outbox/outbox-events';
import { startLiveGateway, type LiveGateway } from './live-gateway';

/** A fresh, empty device database. */
export async function resetDevice(): Promise<void> {
  db.close();
  await db.delete();
  await db.open();
}

/** A network the test switches on and off. */
export function fakeNetwork(initiallyOnline = true) {
  let up = initiallyOnline;
  const listeners = new Set<() => void>();
  const network: NetworkWatch & { set(online: boolean): void } = {
    online: () => up,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(online) {
      up = online;
      if (online) for (const l of listeners) l();
    },
  };
  return network;
}

/** A drainer on the gateway's virtual clock that records its alerts. */
export function drainerFor(live: LiveGateway, options: DrainerOptions = {}) {
  const alerts: OutboxAlert[] = [];
  const drainer = startDrainer({
    scheduler: live.scheduler,
    alert: (a) => alerts.push(a),
    random: () => 0.5,
    ...options,
  });
  return { drainer, alerts };
}

const FINAL: OutboxState[] = ['done', 'failed', 'paused'];

/** Waits (real time) until the job reaches one of `states`. */
export async function waitForJob(id: string, states: OutboxState[] = FINAL, timeoutMs = 20_000): Promise<OutboxJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await readJob(id);
    if (job && states.includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${job?.state} (sent ${job?.sent}/${job?.total})`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Batch keys (`<jobId>:<from>-<to>`) the PWA sent for a job, in order. */
export const keysOf = (live: LiveGateway, jobId: string) =>
  live.requests
    .filter((r) => r.path === '/smsgateway/api/sendsms' && r.key?.startsWith(jobId))
    .map((r) => r.key!.slice(jobId.length + 1));

/**
 * Records the drainer's events from now on. `waitFor` resolves with the first event matching `match`
 * that comes after the first one matching `after` (or any): "nothing was sent while it waited" is then
 * checked when the drainer says it waits, not after a fixed delay.
 */
export function recordOutboxEvents() {
  const seen: OutboxEvent[] = [];
  const listeners = new Set<() => void>();
  const stop = onOutboxEvent((event) => {
    seen.push(event);
    for (const listener of [...listeners]) listener();
  });
  const find = (match: (e: OutboxEvent) => boolean, after?: (e: OutboxEvent) => boolean) => {
    const from = after ? seen.findIndex(after) : 0;
    return from < 0 ? undefined : seen.slice(from).find(match);
  };
  function waitFor(
    match: (e: OutboxEvent) => boolean,
    after?: (e: OutboxEvent) => boolean,
    timeoutMs = 20_000,
  ): Promise<OutboxEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching outbox event; seen: ${JSON.stringify(seen.map((e) => e.type))}`));
      }, timeoutMs);
      function check() {
        const found = find(match, after);
        if (!found) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(found);
      }
      listeners.add(check);
      check();
    });
  }
  return { seen, waitFor, stop };
}

export const isWaiting = (reason: 'no-work' | 'offline' | 'later') => (e: OutboxEvent) =>
  e.type === 'waiting' && e.reason === reason;

/**
 * The set-up every drainer test file shares: a fresh device and an event record before each test;
 * after it, the drainers stopped and the gateway closed.
 */
export function useDrainerTestWorld() {
  const world = {
    live: undefined as LiveGateway | undefined,
    stops: [] as (() => Promise<void>)[],
    events: undefined as unknown as ReturnType<typeof recordOutboxEvents>,
    async start(options: Parameters<typeof startLiveGateway>[0] = {}) {
      world.live = await startLiveGateway(options);
      return world.live;
    },
  };
  beforeEach(async () => {
    await resetDevice();
    world.events = recordOutboxEvents();
  });
  afterEach(async () => {
    world.events.stop();
    await Promise.all(world.stops.splice(0).map((stop) => stop()));
    await world.live?.close();
    world.live = undefined;
  });
  return world;
}
