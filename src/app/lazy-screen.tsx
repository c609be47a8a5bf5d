import { lazy, type ComponentType } from 'react';

const RELOADED_KEY = 'chunk-reload-at';

/**
 * A lazily loaded screen. After a deploy, an old page may ask for a chunk that no longer exists:
 * reload once to get the new app, and only once a minute so a real outage does not loop.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy<ComponentType<P>>(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
      if (Date.now() - last > 60_000) {
        sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}
