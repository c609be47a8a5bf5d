// Loaded into a page of the gateway's origin by data-layer-chromium.bench.ts: the data layer's real modules in Chromium.
import { login } from '../../../src/api/auth-api';
import { db } from '../../../src/db/db';
import { putListItems, readListRows } from '../../../src/db/list-store';
import { saveSignIn } from '../../../src/db/session-store';
import { startDrainer } from '../../../src/outbox/drainer';
import { enqueue } from '../../../src/outbox/enqueue';
import { onOutboxEvent, type OutboxEvent } from '../../../src/outbox/outbox-events';
import { benchListRows, personalisedItems } from '../data-layer-fixtures';
import type { SendItem } from '../../../src/domain/types';

const time = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return Math.round(performance.now() - start);
};

function regularSend(recipients: number, from: number): SendItem[] {
  const numbers = Array.from({ length: recipients }, (_, i) => `23320${String(from + i).padStart(7, '0')}`);
  return [
    {
      ...personalisedItems(1)[0]!,
      shortMessage: 'Bench batch gap',
      destinationAddress: numbers.join(','),
      typeandsubtype: 'quick:regular',
    },
  ];
}

/** Waits for a job's end and returns when each of its batches was acknowledged (page clock, ms). */
function batchTimes(subscribe: (listener: (e: OutboxEvent) => void) => () => void, jobId: () => string | null) {
  const times: number[] = [];
  return new Promise<number[]>((resolve) => {
    const off = subscribe((e) => {
      if (!('jobId' in e) || e.jobId !== jobId()) return;
      if (e.type === 'progress') times.push(performance.now());
      if (e.type === 'done' || e.type === 'failed') {
        off();
        resolve(times);
      }
    });
  });
}

const bench = {
  async signIn(username: string, password: string) {
    const answer = await login({ emailusername: username, password, domain: location.hostname, domain_supid: 0 });
    if (!answer.user) throw new Error('The bench accounts have no two-step sign-in');
    await saveSignIn(answer.user);
  },
  async enqueue(n: number) {
    const items = personalisedItems(n);
    let id = '';
    const ms = await time(async () => (id = await enqueue({ items })));
    const batches = await db.outboxBatches.where('jobId').equals(id).count();
    // The bench job must not be sent: it is removed before any drainer starts.
    await db.transaction('rw', db.outboxJobs, db.outboxBatches, async () => {
      await db.outboxBatches.where('jobId').equals(id).delete();
      await db.outboxJobs.delete(id);
    });
    return { ms, batches };
  },
  async rows(n: number) {
    const rows = benchListRows(9999, n);
    return {
      store: await time(() => putListItems(rows)),
      readAll: await time(() => readListRows(9999, 'quick-own', '')),
      first20: await time(() => readListRows(9999, 'quick-own', '', 20)),
      searchAll: await time(() => readListRows(9999, 'quick-own', 'customer 99999')),
      search20: await time(() => readListRows(9999, 'quick-own', 'customer 1', 20)),
    };
  },
  /** Sends `recipients` in batches of 100 from a drainer in the page or in a dedicated worker; returns the gaps. */
  async drain(mode: 'page' | 'worker', recipients: number, from: number) {
    let jobId: string | null = null;
    let stop: () => void;
    let subscribe: (listener: (e: OutboxEvent) => void) => () => void;
    if (mode === 'page') {
      const drainer = startDrainer({ maxWholeBytes: 1 });
      stop = () => void drainer.stop();
      subscribe = onOutboxEvent;
    } else {
      const worker = new Worker('/bench/worker.js');
      stop = () => worker.terminate();
      subscribe = (listener) => {
        const handler = (m: MessageEvent<OutboxEvent>) => listener(m.data);
        worker.addEventListener('message', handler);
        return () => worker.removeEventListener('message', handler);
      };
    }
    const done = batchTimes(subscribe, () => jobId);
    jobId = await enqueue({ items: regularSend(recipients, from) });
    const times = await done;
    stop();
    return { visibility: document.visibilityState, gaps: times.slice(1).map((t, i) => Math.round(t - times[i]!)) };
  },
};

Object.assign(window, { dataBench: bench });
