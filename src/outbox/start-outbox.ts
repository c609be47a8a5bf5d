import { onJobQueued } from './job-queued';
import { anyWaitingJob } from '../db/outbox-store';
import { askForBackgroundSend, keepOutboxBadge } from './background-sync';
import { startDrainer, type DrainerOptions } from './drainer';
import { emitOutboxEvent } from './outbox-events';
import type { OutboxAlert } from './send-job';
import type { FromDrainer, ToDrainer } from './worker-messages';

export interface OutboxOptions {
  /** Shows an alert (the app passes emitAlert). */
  alert: (alert: OutboxAlert) => void;
  /** 'Invalid Token' on a send signs out that sign-in (the job waits for the next one: docs/product.md#sign-in-and-sessions). */
  onInvalidToken?: (refused: { profile_id: number; signedInAt: number }) => void;
  /** Run in the page instead of a dedicated worker (tests, browsers without module workers). */
  inPage?: boolean;
  drainer?: Omit<DrainerOptions, 'alert'>;
}

/**
 * Starts this tab's drainer, in a dedicated worker where possible; the Web Lock makes one
 * drainer per origin send, and hands over to another tab's when this one closes.
 * Returns the stop function.
 */
export function startOutbox(options: OutboxOptions): () => Promise<void> {
  // Each queued send, and any left from before, also asks the service worker to send with the app closed.
  const offBackground = [onJobQueued(() => void askForBackgroundSend()), keepOutboxBadge()];
  void anyWaitingJob().then((waiting) => (waiting ? askForBackgroundSend() : undefined));
  const stopBackground = () => offBackground.forEach((off) => off());
  const worker = options.inPage ? null : spawnWorker();
  if (!worker) {
    const drainer = startDrainer({ ...options.drainer, alert: options.alert });
    return () => {
      stopBackground();
      return drainer.stop();
    };
  }
  const post = (message: ToDrainer) => worker.postMessage(message);
  worker.addEventListener('message', (event: MessageEvent<FromDrainer>) => {
    const data = event.data;
    if (data.type === 'alert') options.alert(data.alert);
    if (data.type === 'event') {
      emitOutboxEvent(data.event);
      // The page's http layer never saw the worker's 401; tell the session.
      if (data.event.type === 'paused') options.onInvalidToken?.(data.event);
    }
  });
  const offQueued = onJobQueued(() => post({ type: 'wake' }));
  const relayOnline = () => post({ type: 'online' });
  window.addEventListener('online', relayOnline);
  // A worker that cannot load (blocked script, old browser) must not leave sends waiting.
  let fallback: ReturnType<typeof startDrainer> | null = null;
  worker.addEventListener('error', () => {
    if (!fallback) fallback = startDrainer({ ...options.drainer, alert: options.alert });
  });
  return async () => {
    stopBackground();
    offQueued();
    window.removeEventListener('online', relayOnline);
    post({ type: 'stop' });
    await fallback?.stop();
  };
}

function spawnWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./drainer-worker.ts', import.meta.url), { type: 'module', name: 'outbox-drainer' });
  } catch {
    return null;
  }
}
