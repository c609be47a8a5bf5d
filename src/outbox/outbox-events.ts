/** What the drainer reports besides Dexie rows: tests and the worker bridge listen. */
export type OutboxEvent =
  | { type: 'progress'; jobId: string; sent: number; total: number; batch: number }
  | { type: 'done'; jobId: string }
  | { type: 'failed'; jobId: string; message: string }
  /** 'Invalid Token': the sign-in it met (the account, when it signed in) ends, if still the current one. */
  | { type: 'paused'; jobId: string; profile_id: number; signedInAt: number }
  | { type: 'retry'; jobId: string; afterMs: number; reason: string }
  | { type: 'split'; jobId: string }
  /** The drainer waits: nothing it may send (none queued, or another account's), offline, or a retry's time. */
  | { type: 'waiting'; reason: 'no-work' | 'offline' | 'later' };

type Listener = (event: OutboxEvent) => void;
const listeners = new Set<Listener>();

export function emitOutboxEvent(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
}

/** Subscribes to outbox events; returns the unsubscribe function. */
export function onOutboxEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
