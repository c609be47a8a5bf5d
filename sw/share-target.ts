/// <reference lib="webworker" />
import {
  AFTER_SHARE_HREF,
  SHARE_TARGET_PATH,
  SHARED_CACHE,
  SHARED_FILE_URL,
  SHARED_ITEM_URL,
  SHARED_SHEET_FIELD,
  sharedText,
  type SharedItem,
} from '../src/domain/send/incoming';

declare const self: ServiceWorkerGlobalScope;

// A file or text shared to the installed app (the manifest's share_target): kept here, with no
// network needed, until the send form asks the user and takes it or drops it; dropped unseen after
// SHARE_MAX_AGE_MS (docs/architecture.md#files-and-contacts-in).
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
      keptAt: Date.now(),
    };
    const cache = await caches.open(SHARED_CACHE);
    if (sheet) await cache.put(SHARED_FILE_URL, new Response(sheet));
    else await cache.delete(SHARED_FILE_URL);
    await cache.put(SHARED_ITEM_URL, Response.json(item));
  }
  return Response.redirect(AFTER_SHARE_HREF, 303);
}
