import { nextRunnableJob, updateJob, watchOutbox } from '../db/outbox-store';
import { readSession } from '../db/session-store';
import { onJobQueued } from './job-queued';
import { browserNetwork, type NetworkWatch } from './network';
import { defaultLock, type LockProvider } from './origin-lock';
import { realScheduler, type Scheduler } from './scheduler';
import { BrokenJobError, runJob, type OutboxAlert } from './send-job';
import { emitOutboxEvent } from './outbox-events';

const DRAINER_LOCK = 'outbox-drainer';
/** The gateway's default body limit is 1 MiB (docs/api.md#answers-and-errors); larger sends go straight to batches. */
const MAX_WHOLE_BYTES = 1_000_000;
const RECOVERY_MS = 5000;
const OFFLINE_RECHECK_MS = 15_000;

export interface DrainerOptions {
  scheduler?: Scheduler;
  network?: NetworkWatch;
  lock?: LockProvider;
  maxWholeBytes?: number;
  alert?: (alert: OutboxAlert) => void;
  random?: () => number;
  /** Wakes when this realm queues a job (default); a worker, where nothing is queued, is woken by the page. */
  hearsEnqueue?: boolean;
}

export interface Drainer {
  /** Stops after the current request is dropped; resolves once the lock is released. */
  stop(): Promise<void>;
  /** Look again for work now (a job was queued, the user signed in). */
  wake(): void;
}

/** Starts this tab's (or worker's) drainer; only the holder of the origin-wide lock sends. */
export function startDrainer(options: DrainerOptions = {}): Drainer {
  const scheduler = options.scheduler ?? realScheduler;
  const network = options.network ?? browserNetwork();
  const lock = options.lock ?? defaultLock();
  const stopper = new AbortController();
  const signal = stopper.signal;
  const wakes = wakeUps(signal);
  const { wake } = wakes;
  let onlineKick = false;
  const unsubscribe = [
    ...(options.hearsEnqueue === false ? [] : [onJobQueued(wake)]),
    network.onOnline(() => {
      onlineKick = true;
      wake();
    }),
  ];

  const ctx = {
    scheduler,
    signal,
    maxWholeBytes: options.maxWholeBytes ?? MAX_WHOLE_BYTES,
    alert: options.alert ?? (() => {}),
    online: () => network.online(),
    random: options.random,
  };

  const pause = (ms: number) => pauseUnlessWoken(ms, scheduler, signal, wakes.next);

  /** One look at the outbox: send the next job, or wait for a reason to look again. */
  async function step(): Promise<void> {
    wakes.clear();
    const session = await readSession();
    const job = session ? await nextRunnableJob(session.profile_id, session.signedInAt) : undefined;
    if (!job) {
      emitOutboxEvent({ type: 'waiting', reason: 'no-work' });
      return wakes.next();
    }
    // Offline: wait for 'online', and look again now and then in case the event never comes.
    if (!network.online()) {
      emitOutboxEvent({ type: 'waiting', reason: 'offline' });
      return pause(OFFLINE_RECHECK_MS);
    }
    const wait = job.notBefore - scheduler.now();
    if (wait > 0 && !onlineKick) {
      emitOutboxEvent({ type: 'waiting', reason: 'later' });
      return pause(wait);
    }
    onlineKick = false;
    try {
      await runJob(job, ctx);
    } catch (error) {
      if (!(error instanceof BrokenJobError) || signal.aborted) throw error;
      // A job whose records cannot be read would block every later one: end it, say why.
      await updateJob(job.id, { state: 'failed', error: error.message, updatedAt: scheduler.now() });
      ctx.alert({ message: error.message, severity: 'error' });
      emitOutboxEvent({ type: 'failed', jobId: job.id, message: error.message });
    }
  }

  async function drain(): Promise<void> {
    const unwatch = watchOutbox(wake);
    try {
      while (!signal.aborted) {
        try {
          await step();
        } catch {
          // Storage hiccups pass: the job is tried again from its stored progress.
          if (!signal.aborted) await pause(RECOVERY_MS);
        }
      }
    } finally {
      unwatch();
    }
  }

  const running = lock(DRAINER_LOCK, drain, signal)
    .catch(() => {})
    .finally(() => unsubscribe.forEach((u) => u()));
  return {
    wake,
    async stop() {
      stopper.abort();
      await running;
    },
  };
}

/** "Look again": set by wake(), awaited by the loop; a wake while the loop is busy is kept for its next look. */
function wakeUps(signal: AbortSignal) {
  let dirty = false;
  let notify: (() => void) | null = null;
  signal.addEventListener('abort', () => notify?.(), { once: true });
  return {
    wake() {
      dirty = true;
      notify?.();
    },
    /** A look starts: the wakes before it are seen by that look. */
    clear() {
      dirty = false;
    },
    next: (): Promise<void> =>
      dirty || signal.aborted
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            notify = () => {
              notify = null;
              resolve();
            };
          }),
  };
}

// Waits `ms` unless something happens first; the loop then looks again (the job's times are stored).
async function pauseUnlessWoken(
  ms: number,
  scheduler: Scheduler,
  signal: AbortSignal,
  woken: () => Promise<void>,
): Promise<void> {
  const nap = new AbortController();
  const onStop = () => nap.abort();
  signal.addEventListener('abort', onStop, { once: true });
  try {
    await Promise.race([scheduler.sleep(ms, nap.signal).catch(() => {}), woken()]);
  } finally {
    nap.abort();
    signal.removeEventListener('abort', onStop);
  }
}
