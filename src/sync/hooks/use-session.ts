import { useSyncExternalStore } from 'react';
import { prerenderedSessionSnapshot, sessionSnapshot, subscribeSession, type SessionState } from '../session-state';

export type { SessionState };

/** The signed-in account from the device, live: sign-in, sign-out and fetchuser show at once everywhere. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, prerenderedSessionSnapshot);
}
