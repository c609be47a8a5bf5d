import type { StoredDeveloperData } from './app-db';
import { db } from './db';

/** The Developers page's data as last fetched, or undefined before the first fetch on this device. */
export const readDeveloperData = (profileId: number): Promise<StoredDeveloperData | undefined> =>
  db.developerData.get(profileId);

export async function saveDeveloperData(data: StoredDeveloperData): Promise<void> {
  await db.developerData.put(data);
}
