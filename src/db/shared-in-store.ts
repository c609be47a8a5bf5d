// What the service worker kept from a share (sw/share-target.ts), in Cache Storage until the send
// form has asked the user about it (docs/architecture.md#files-and-contacts-in).
import { SHARED_CACHE, SHARED_FILE_URL, SHARED_ITEM_URL, isFreshShare, type SharedItem } from '../domain/send/incoming';

/**
 * The kept share, read once: it is deleted whatever it holds. Null when there is none, or when it
 * is too old to offer (SHARE_MAX_AGE_MS, or kept without its time).
 */
export async function takeShared(now = Date.now()): Promise<{ file: File | null; text: string } | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(SHARED_CACHE);
  const kept = await cache.match(SHARED_ITEM_URL);
  if (!kept) return null;
  try {
    const item = ((await kept.json().catch(() => null)) ?? {}) as Partial<SharedItem>;
    if (!isFreshShare(item, now)) return null;
    const name = item.fileName ?? '';
    const body = name ? await cache.match(SHARED_FILE_URL) : undefined;
    const file = body ? new File([await body.blob()], name, { type: item.fileType ?? '' }) : null;
    return { file, text: typeof item.text === 'string' ? item.text : '' };
  } finally {
    await dropShared();
  }
}

/** Forgets the kept share: once read, and at sign-out (the next account must not be offered it). */
export async function dropShared(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(SHARED_CACHE);
}
