import { liveQuery } from 'dexie';

/** Runs a read again whenever what it read changes (Dexie's liveQuery), without React; returns the stop. */
export function watchQuery<T>(
  query: () => Promise<T>,
  next: (value: T) => void,
  error: (reason: unknown) => void,
): () => void {
  const subscription = liveQuery(query).subscribe({ next, error });
  return () => subscription.unsubscribe();
}
