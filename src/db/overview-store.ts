import type { OverviewAnswer } from '../api/message-api';
import type { StoredOverview } from './app-db';
import { db } from './db';

/** The overview as last fetched for this account and view, or undefined before the first fetch on this device. */
export const readOverview = (profileId: number, view: StoredOverview['view']): Promise<StoredOverview | undefined> =>
  db.overviews.get([profileId, view]);

export async function saveOverview(
  profileId: number,
  view: StoredOverview['view'],
  overview: OverviewAnswer,
  fetchedAt: number,
): Promise<void> {
  await db.overviews.put({ profile_id: profileId, view, overview, fetchedAt });
}
