// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/outbox/enqueue';
import { onOutboxEvent } from '../../../src/outbox/outbox-events';
import type { LockProvider } from '../../../src/outbox/origin-lock';
import {
  carrierLog,
  numbersFrom,
  quickItem,
  signInAs,
  startLiveGateway,
  type LiveGateway,
} from './support/live-gateway';
import { drainerFor, keysOf, resetDevice, waitForJob } from './support/drain-helpers';

/** Deterministic pseudo-random stop points, so a failure can be replayed. */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const noLock: LockProvider = (_name, task) => task();

describe('outbox exactly once, whatever stops it', () => {
  let live: LiveGateway;
  const stops: (() => Promise<void>)[] = [];
  beforeEach(resetDevice);
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    await live?.close();
  });

  it('a drainer stopped after a random batch, then a new one: every recipient once (many stop points)', async () => {
    live = await startLiveGateway({ maxBodyBytes: 8 * 1024 });
    await signInAs(live);
    const random = seeded(20261122);
    for (let run = 0; run < 15; run += 1) {
      const numbers = numbersFrom(run * 1000, 700);
      const id = await enqueue({ items: [quickItem(numbers)] });
      const stopAfter = Math.floor(random() * 6);
      const first = drainerFor(live);
      const stopped = new Promise<void>((resolve) => {
        const off = onOutboxEvent((e) => {
          if (e.type === 'progress' && e.jobId === id && e.batch === stopAfter) {
            off();
            void first.drainer.stop().then(resolve);
          }
        });
      });
      await stopped;
      expect((await waitForJob(id, ['sending'])).nextBatch).toBe(stopAfter + 1);
      const second = drainerFor(live);
      stops.push(() => second.drainer.stop());
      expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 700 });
      const { rows, summary } = await carrierLog(live, id);
      expect(summary, `run ${run}, stopped after batch ${stopAfter}`).toEqual({
        total: 700,
        unique: 700,
        duplicates: 0,
      });
      expect(rows.map((r) => r.to_number)).toEqual(numbers);
      await second.drainer.stop();
    }
  }, 60_000);

  it('a drainer killed mid-request after the gateway accepted (answer lost): the next sends the rest once', async () => {
    live = await startLiveGateway({ maxBodyBytes: 4 * 1024 });
    await signInAs(live);
    const random = seeded(7);
    for (let run = 0; run < 10; run += 1) {
      const numbers = numbersFrom(50_000 + run * 1000, 600);
      const id = await enqueue({ items: [quickItem(numbers)] });
      const lostBatch = 1 + Math.floor(random() * 6);
      let batchCalls = 0;
      let killed!: () => void;
      const wasKilled = new Promise<void>((r) => (killed = r));
      live.intercept = async (path, init) => {
        if (path !== '/smsgateway/api/sendsms') return undefined;
        batchCalls += 1; // call 1 is the whole send (413), then batch 0, 1, ...
        if (batchCalls !== lostBatch + 1) return undefined;
        await live.forward(path, init);
        void first.drainer.stop().then(killed);
        throw new DOMException('The operation was aborted', 'AbortError');
      };
      const first = drainerFor(live);
      await wasKilled;
      live.intercept = null;
      expect((await waitForJob(id, ['sending'])).nextBatch).toBe(lostBatch - 1);
      const second = drainerFor(live);
      expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 600 });
      await second.drainer.stop();
      const { rows, summary } = await carrierLog(live, id);
      expect(summary, `run ${run}, lost batch ${lostBatch - 1}`).toEqual({ total: 600, unique: 600, duplicates: 0 });
      expect(rows.map((r) => r.to_number)).toEqual(numbers);
    }
  }, 60_000);

  it('two drainers at once share the lock: one sends, every recipient once', async () => {
    live = await startLiveGateway({ maxBodyBytes: 8 * 1024 });
    await signInAs(live);
    const numbers = numbersFrom(1, 800);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const a = drainerFor(live);
    const b = drainerFor(live);
    stops.push(
      () => a.drainer.stop(),
      () => b.drainer.stop(),
    );
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 800 });
    expect(keysOf(live, id)).toHaveLength(1 + 8);
    expect((await carrierLog(live, id)).summary).toEqual({ total: 800, unique: 800, duplicates: 0 });
  });

  it('two drainers with no lock at all (a browser without Web Locks, two tabs): still every recipient once', async () => {
    live = await startLiveGateway({ maxBodyBytes: 8 * 1024 });
    await signInAs(live);
    const numbers = numbersFrom(1, 800);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const a = drainerFor(live, { lock: noLock });
    const b = drainerFor(live, { lock: noLock });
    stops.push(
      () => a.drainer.stop(),
      () => b.drainer.stop(),
    );
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 800 });
    expect(keysOf(live, id).length).toBeGreaterThan(9);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 800, unique: 800, duplicates: 0 });
    expect(rows.map((r) => r.to_number)).toEqual(numbers);
  });
});
