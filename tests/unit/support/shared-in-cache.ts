import { vi } from 'vitest';
import { SHARED_CACHE, SHARED_FILE_URL, SHARED_ITEM_URL } from '../../../src/domain/send/incoming';

/**
 * Cache Storage in memory (happy-dom has none), as the service worker leaves it: named caches of
 * responses by URL. Undo with vi.unstubAllGlobals().
 */
export function stubCacheStorage() {
  const caches = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) => new URL(String(request), 'http://localhost').pathname;
  const cacheOf = (entries: Map<string, Response>) => ({
    match: async (request: RequestInfo | URL) => entries.get(keyOf(request))?.clone(),
    put: async (request: RequestInfo | URL, response: Response) => void entries.set(keyOf(request), response),
    delete: async (request: RequestInfo | URL) => entries.delete(keyOf(request)),
    keys: async () => [...entries.keys()],
  });
  const storage = {
    open: async (name: string) => {
      if (!caches.has(name)) caches.set(name, new Map());
      return cacheOf(caches.get(name)!);
    },
    delete: async (name: string) => caches.delete(name),
    has: async (name: string) => caches.has(name),
    keys: async () => [...caches.keys()],
  };
  vi.stubGlobal('caches', storage);
  /** The URLs a cache holds (none when it does not exist). */
  const urls = (name: string) => [...(caches.get(name)?.keys() ?? [])];
  return { storage, urls };
}

/** What the service worker keeps from a share (sw/share-target.ts): the item, and the file beside it if any. */
export async function keepShared(item: Record<string, unknown>, file?: Blob) {
  const cache = await caches.open(SHARED_CACHE);
  if (file) await cache.put(SHARED_FILE_URL, new Response(file));
  await cache.put(SHARED_ITEM_URL, new Response(JSON.stringify(item)));
}
