/** Runs `task` while holding an exclusive lock; the lock is released when the task settles. */
export type LockProvider = (name: string, task: () => Promise<void>, signal: AbortSignal) => Promise<void>;

const memoryQueues = new Map<string, Promise<void>>();

/** Web Locks: one holder per origin, across tabs and workers; the lock passes on when the holder closes. */
const webLock: LockProvider = async (name, task, signal) => {
  try {
    await navigator.locks.request(name, { mode: 'exclusive', signal }, task);
  } catch (error) {
    // Stopped while waiting in the queue: nothing ran, nothing to report.
    if (!signal.aborted) throw error;
  }
};

/** Without Web Locks (tests, old browsers): one holder per JavaScript realm. */
export const memoryLock: LockProvider = async (name, task, signal) => {
  const previous = memoryQueues.get(name) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  memoryQueues.set(name, tail);
  try {
    await Promise.race([
      previous,
      new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })),
    ]);
    if (!signal.aborted) await task();
  } finally {
    release();
    if (memoryQueues.get(name) === tail) memoryQueues.delete(name);
  }
};

export function defaultLock(): LockProvider {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function' ? webLock : memoryLock;
}
