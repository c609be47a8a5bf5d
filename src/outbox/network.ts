/** Online awareness: the drainer waits for 'online' instead of spinning on failures while offline. */
export interface NetworkWatch {
  online(): boolean;
  /** Calls back on every 'online' event; returns the unsubscribe function. */
  onOnline(listener: () => void): () => void;
}

type EventHost = {
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
};

/** The page's or worker's navigator.onLine and 'online' event; always online where neither exists. */
export function browserNetwork(): NetworkWatch {
  const host = (typeof self !== 'undefined' ? self : undefined) as unknown as EventHost | undefined;
  return {
    online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    onOnline(listener) {
      host?.addEventListener('online', listener);
      return () => host?.removeEventListener('online', listener);
    },
  };
}
