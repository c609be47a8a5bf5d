import type { OptOutAnswer } from '../api/optout-api';
import type { StoredOptOutList } from './app-db';
import { db } from './db';

/** The account's opt-out list as last fetched, or undefined before the first fetch on this device. */
export const readOptOutList = (profileId: number): Promise<StoredOptOutList | undefined> =>
  db.optOutLists.get(profileId);

export async function saveOptOutList(profileId: number, optouts: OptOutAnswer[], fetchedAt: number): Promise<void> {
  await db.optOutLists.put({ profile_id: profileId, optouts, fetchedAt });
}
