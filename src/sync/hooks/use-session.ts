import { useLiveQuery } from 'dexie-react-hooks';
import { currentAccount } from '../../db/session-store';
import type { StoredSession, StoredUser } from '../../db/app-db';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: StoredUser; session: StoredSession };

/** The signed-in account from the device, live: sign-in, sign-out and fetchuser show at once everywhere. */
export function useSession(): SessionState {
  const account = useLiveQuery(() => currentAccount(), [], undefined);
  if (account === undefined) return { status: 'loading' };
  if (account === null) return { status: 'signed-out' };
  return { status: 'signed-in', ...account };
}
