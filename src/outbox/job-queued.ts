// The in-realm signal "a job was just queued": the page's enqueue rings it, drainers in the same realm wake.

type Waker = () => void;
const wakers = new Set<Waker>();

/** Drainers (this realm's) hear about new jobs at once; other tabs hear through Dexie's change events. */
export function onJobQueued(waker: Waker): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function announceJobQueued(): void {
  for (const wake of wakers) wake();
}
