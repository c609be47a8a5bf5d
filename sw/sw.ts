/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { IMAGES_PATH } from '../src/domain/api-paths';
import { drainInBackground, runnableJobLeft } from '../src/outbox/background-drain';
import { OUTBOX_SYNC_TAG, showOutboxBadge } from '../src/outbox/background-sync';
import {
  AFTER_SHARE_HREF,
  SHARE_TARGET_PATH,
  SHARED_CACHE,
  SHARED_FILE_URL,
  SHARED_ITEM_URL,
  SHARED_SHEET_FIELD,
  sharedText,
  type SharedItem,
} from '../src/domain/incoming';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const BRANDING_CACHE = 'branding-images';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit is controlled at once, so "offline after one visit" holds; updates still wait for the user.
clientsClaim();

// The app shell answers every navigation offline; API paths are never answered from the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/smsgateway\//] }));

// A domain's logo and background, so its branding shows offline. Public images only, never API data.
const isBrandingImage = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith(IMAGES_PATH);
registerRoute(
  ({ url }) => isBrandingImage(url),
  new CacheFirst({
    cacheName: BRANDING_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  // The update is offered, never forced: the page asks for it when it is safe.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page names its domain's branding images so they are cached on the first visit.
  if (data?.type === 'CACHE_BRANDING' && Array.isArray(data.urls)) {
    const urls = data.urls
      .filter((u): u is string => typeof u === 'string')
      .map((u) => new URL(u, self.location.origin))
      .filter(isBrandingImage)
      .map((u) => u.href);
    event.waitUntil(cacheMissing(urls));
  }
});

async function cacheMissing(urls: string[]): Promise<void> {
  const cache = await caches.open(BRANDING_CACHE);
  for (const url of urls) {
    if (!(await cache.match(url))) await cache.add(url).catch(() => {});
  }
}

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
  const drain = await drainInBackground({ budgetMs: deadline - Date.now() });
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

// A file or text shared to the installed app (the manifest's share_target): kept here, with no
// network needed, until the send form takes it (docs/architecture.md#files-and-contacts-in).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH) {
    event.respondWith(keepShare(event.request));
  }
});

async function keepShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  if (form) {
    const file = form.get(SHARED_SHEET_FIELD);
    const sheet = file instanceof File && file.size > 0 ? file : null;
    const item: SharedItem = {
      text: sharedText([form.get('title'), form.get('text'), form.get('url')]),
      fileName: sheet?.name ?? '',
      fileType: sheet?.type ?? '',
    };
    const cache = await caches.open(SHARED_CACHE);
    if (sheet) await cache.put(SHARED_FILE_URL, new Response(sheet));
    else await cache.delete(SHARED_FILE_URL);
    await cache.put(SHARED_ITEM_URL, Response.json(item));
  }
  return Response.redirect(AFTER_SHARE_HREF, 303);
}
