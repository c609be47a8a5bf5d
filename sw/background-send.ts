/// <reference lib="webworker" />
import { drainInBackground, runnableJobLeft } from '../src/outbox/background-drain';
import { OUTBOX_SYNC_TAG, showOutboxBadge } from '../src/outbox/background-sync';

declare const self: ServiceWorkerGlobalScope;

// Sends queued on this device go out with the app closed (docs/architecture.md#background-sending).
type SyncEvent = ExtendableEvent & { tag: string };
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
/** Chromium gives a sync event five minutes; the drain stops short of it and asks for another sync. */
const SYNC_BUDGET_MS = 4 * 60_000;

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendInBackground());
});

/** How often the worker looks whether the app's windows are all closed. */
const WINDOW_CHECK_MS = 2000;

const appWindowOpen = async () =>
  (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).length > 0;

async function sendInBackground(): Promise<void> {
  const deadline = Date.now() + SYNC_BUDGET_MS;
  // An open window's drainer sends, and shows its alerts there: the worker takes over once none is open.
  while (await appWindowOpen()) {
    if (Date.now() + WINDOW_CHECK_MS >= deadline) {
      if (await runnableJobLeft()) await (self.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, WINDOW_CHECK_MS));
  }
  const drain = await drainInBackground({ budgetMs: deadline - Date.now() }).catch((error: unknown) => {
    console.error('Background send failed:', error);
    throw error;
  });
  // One line for chrome://serviceworker-internals and the browser tests: how the drain ended.
  console.info(`Background send: ${drain.end}, ${drain.finished.length} finished${drain.more ? ', more to send' : ''}`);
  await showOutboxBadge();
  if (Notification.permission === 'granted') {
    for (const job of drain.finished) {
      await self.registration.showNotification(job.title, { body: job.body, tag: job.jobId, icon: '/icon-192.png' });
    }
  }
  if (drain.more) await (self.registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG);
}

// A notice opens the app (an open window is brought forward instead).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp());
});

async function openApp(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) await open.focus();
  else await self.clients.openWindow('/');
}
