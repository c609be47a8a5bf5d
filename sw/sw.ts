/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { IMAGES_PATH } from '../src/domain/navigation/api-paths';
import './background-send';
import './share-target';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const BRANDING_CACHE = 'branding-images';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit is controlled at once, so "offline after one visit" holds; updates still wait for the user.
clientsClaim();

// The app shell answers every navigation offline; API paths and opt-out links (server pages) never are.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/smsgateway\//, /^\/o\//] }));

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
