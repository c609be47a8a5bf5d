// The outbox drained by the service worker, with every page of the app closed (docs/architecture.md#background-sending).
import { nextRunnableJob, readJob } from '../db/outbox-store';
import { readSession } from '../db/session-store';
import { countText } from '../domain/plural';
import { startDrainer, type DrainerOptions } from './drainer';
import { skippedRowsText } from './job-items';
import { AWAITING_APPROVAL } from '../domain/send/approval';
import type { LockProvider } from './origin-lock';
import { onOutboxEvent } from './outbox-events';

/** Why a background drain ended. */
export type DrainEnd =
  /** Nothing left that may run now (all sent, failed, or waiting for a sign-in). */
  | 'no-work'
  /** The network went away again: the rest waits for the next sync. */
  | 'offline'
  /**
   * The event's time ran out, sending or waiting for the lock of an open page that sends: the rest
   * goes out in the next sync, from the stored progress.
   */
  | 'time-up';

/** A send that ended in a background drain, and the notice that says so. */
export interface FinishedJob {
  jobId: string;
  title: string;
  body: string;
}

export interface BackgroundDrain {
  end: DrainEnd;
  /** Jobs that finished in this drain, with what the notification says of them. */
  finished: FinishedJob[];
  /** Whether a job that may run is still waiting: the worker asks for another sync. */
  more: boolean;
}

export interface BackgroundDrainOptions extends Pick<DrainerOptions, 'scheduler' | 'network' | 'maxWholeBytes'> {
  /** How long this drain may send; a sync event has a few minutes (Chromium: 5), the rest waits for the next. */
  budgetMs: number;
  /** The lock (tests); by default the origin's Web Lock, which an open page's drainer may hold. */
  lock?: LockProvider;
}

/**
 * Sends what the outbox holds with the drainer the page uses (same lock, same idempotency keys,
 * same batches and pacing, progress stored after every batch), until nothing may run, the network
 * goes, or the budget is spent.
 */
export async function drainInBackground(options: BackgroundDrainOptions): Promise<BackgroundDrain> {
  const finished: BackgroundDrain['finished'] = [];
  if (!(await runnableJobLeft())) return { end: 'no-work', finished, more: false };
  const ended: Array<Promise<void>> = [];
  let end: DrainEnd | null = null;
  let stopNow!: () => void;
  const stopped = new Promise<void>((resolve) => (stopNow = resolve));
  const stopFor = (reason: DrainEnd) => {
    end ??= reason;
    stopNow();
  };

  const off = onOutboxEvent((event) => {
    if (event.type === 'done' || event.type === 'failed') ended.push(recordFinished(event.jobId, finished));
    if (event.type === 'waiting' && event.reason !== 'later') stopFor(event.reason);
  });
  const drainer = startDrainer({
    scheduler: options.scheduler,
    network: options.network,
    maxWholeBytes: options.maxWholeBytes,
    lock: options.lock,
    hearsEnqueue: false,
  });
  const timer = setTimeout(() => stopFor('time-up'), options.budgetMs);
  try {
    await stopped;
    await drainer.stop();
  } finally {
    clearTimeout(timer);
    off();
  }
  await Promise.all(ended);
  const why = end ?? 'no-work';
  return { end: why, finished, more: why !== 'no-work' && (await runnableJobLeft()) };
}

async function recordFinished(jobId: string, finished: FinishedJob[]): Promise<void> {
  const job = await readJob(jobId);
  if (!job) return;
  const what = job.summary.campaign || job.summary.text.slice(0, 40);
  const skipped = job.skipped ?? [];
  // Skipped rows were never sent: counted as the send's card counts them (send-progress.tsx), and named.
  const recipients = countText(job.total - skipped.length, 'recipient');
  if (job.state === 'failed') {
    finished.push({
      jobId,
      title: 'A queued send was not sent',
      body: `${what}: ${job.error ?? 'the gateway refused it'}`,
    });
    return;
  }
  if (job.awaitingApproval) {
    finished.push({ jobId, title: 'Your queued send awaits approval', body: `${what}: ${AWAITING_APPROVAL}` });
    return;
  }
  const done = job.summary.messageType === 'quick sms' ? `Sent to ${recipients}` : `Registered for ${recipients}`;
  const notSent = skipped.length > 0 ? `. ${skippedRowsText(skipped)}` : '';
  finished.push({ jobId, title: 'Your queued send went out', body: `${what}: ${done}${notSent}` });
}

/** Whether the signed-in account has a send that may go out now. */
export async function runnableJobLeft(): Promise<boolean> {
  const session = await readSession();
  return session ? (await nextRunnableJob(session.profile_id, session.signedInAt)) !== undefined : false;
}
