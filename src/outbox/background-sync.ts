// What the page asks of the service worker for sends queued on this device: a Background Sync
// that drains the outbox with the app closed, the app icon's badge, and notice when a send ends
// (docs/architecture.md#background-sending). The service worker imports it too: no page-only API here.
import { badgeCount, watchBadgeCount } from '../db/outbox-store';

/** The one-off Background Sync the service worker answers by draining the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
type BadgeNavigator = typeof navigator & {
  setAppBadge?: (n: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** Whether this browser sends queued sends with the app closed (Background Sync: Chromium's). */
export const sendsInBackground = (): boolean => typeof self !== 'undefined' && 'SyncManager' in self;

/** Asks for a sync: it fires when the network is there, at once if it is, even with the app closed. */
export async function askForBackgroundSend(): Promise<void> {
  if (!sendsInBackground() || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => {});
}

/** The app icon's badge: the signed-in account's sends queued or refused (badgeCount); none clears it. */
export async function showOutboxBadge(count?: number): Promise<void> {
  const nav = (typeof navigator === 'undefined' ? {} : navigator) as BadgeNavigator;
  if (!nav.setAppBadge) return;
  const shown = count ?? (await badgeCount());
  await (shown > 0 ? nav.setAppBadge(shown) : nav.clearAppBadge?.())?.catch(() => {});
}

/** Keeps the badge true while the app is open; returns the stop function. */
export const keepOutboxBadge = (): (() => void) => watchBadgeCount((count) => void showOutboxBadge(count));
