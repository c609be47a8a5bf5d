/**
 * Starts something loaded on demand; the returned stop works before the load has finished too. A load
 * that fails (its code could not be fetched: the network went before the service worker held it) is
 * tried again each time the network returns, so the work (a sync, the outbox) still starts in this tab.
 */
export function lazyStart(load: () => Promise<() => void>): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  const attempt = () => {
    load().then(
      (started) => {
        if (stopped) started();
        else stop = started;
      },
      () => {
        if (!stopped) window.addEventListener('online', attempt, { once: true });
      },
    );
  };
  attempt();
  return () => {
    stopped = true;
    window.removeEventListener('online', attempt);
    stop?.();
  };
}
