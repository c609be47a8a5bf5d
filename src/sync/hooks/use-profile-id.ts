import { useLiveQuery } from 'dexie-react-hooks';
import { readSession } from '../../db/session-store';

/** The signed-in profile id, live; undefined while reading or when signed out. */
export function useProfileId(): number | undefined {
  return useLiveQuery(async () => (await readSession())?.profile_id, []);
}
