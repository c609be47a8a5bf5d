import { useSession } from './use-session';

/**
 * The signed-in profile id, live; undefined while reading or when signed out. Taken from the session the
 * app already holds (session-state.ts), not read again from IndexedDB: each hook that keys a read on it
 * (the draft, the outbox, the phone book, the lists) then starts that read in its first commit, not a
 * read and a render later.
 */
export function useProfileId(): number | undefined {
  const session = useSession();
  return session.status === 'signed-in' ? session.user.profile_id : undefined;
}
