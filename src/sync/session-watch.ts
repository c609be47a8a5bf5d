import { watchQuery } from '../db/live-watch';
import { currentAccount } from '../db/session-store';

type Account = Awaited<ReturnType<typeof currentAccount>>;

/** The signed-in account from IndexedDB, live; loaded on demand so Dexie stays off the first screen's path. */
export function watchAccount(next: (account: Account) => void, error: (reason: unknown) => void): () => void {
  return watchQuery(() => currentAccount(), next, error);
}
