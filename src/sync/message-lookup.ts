import { db } from '../db/db';
import type { ListName, StoredListItem } from '../db/app-db';

/**
 * A stored list item by the key in its detail URL: the message_id, or the randomAlpha the lists link
 * with (SPEC 2). Undefined when this device has not stored it (a deep link, another device's send).
 */
export async function findStoredMessage(
  profileId: number,
  list: ListName,
  key: string,
): Promise<StoredListItem | undefined> {
  const byId = await db.listItems.get([profileId, list, key]);
  if (byId) return byId;
  return db.listItems
    .where('[profile_id+list+sortKey]')
    .between([profileId, list, -Infinity], [profileId, list, Infinity])
    .filter((row) => row.data.randomAlpha === key)
    .first();
}
