import Dexie from 'dexie';
import { matchesSearch } from '../domain/search';
import { db } from './db';
import type { ListName, StoredListItem, StoredListState } from './app-db';

export function emptyListState(profileId: number, list: ListName): StoredListState {
  return { profile_id: profileId, list, pageNum: 0, search: '', visited: false, done: false, refreshedAt: 0 };
}

export async function readListState(profileId: number, list: ListName): Promise<StoredListState> {
  return (await db.listState.get([profileId, list])) ?? emptyListState(profileId, list);
}

export async function saveListState(state: StoredListState): Promise<void> {
  await db.listState.put(state);
}

/** Writes a page: an item already stored is replaced (its statuses may have moved on), never duplicated. */
export async function putListItems(items: readonly StoredListItem[], state?: StoredListState): Promise<void> {
  await db.transaction('rw', db.listItems, db.listState, async () => {
    await db.listItems.bulkPut(items as StoredListItem[]);
    if (state) await db.listState.put(state);
  });
}

/** Which of these item ids the device already holds for the list. */
export async function storedItemIds(profileId: number, list: ListName, itemIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.listItems.bulkGet(itemIds.map((id) => [profileId, list, id] as [number, ListName, string]));
  return new Set(rows.flatMap((row) => (row ? [row.itemId] : [])));
}

const byTime = (profileId: number, list: ListName) =>
  db.listItems
    .where('[profile_id+list+sortKey]')
    .between([profileId, list, Dexie.minKey], [profileId, list, Dexie.maxKey])
    .reverse();

/** The stored rows of a list, newest first, filtered by the search as the gateway would (SPEC 5). */
export function readListRows(profileId: number, list: ListName, search: string, limit = Infinity): Promise<StoredListItem[]> {
  const needle = search.trim();
  const rows = needle ? byTime(profileId, list).filter((row) => matchesSearch(row.data, needle)) : byTime(profileId, list);
  return Number.isFinite(limit) ? rows.limit(limit).toArray() : rows.toArray();
}

export const countListRows = (profileId: number, list: ListName) => byTime(profileId, list).count();

export async function removeListItem(profileId: number, list: ListName, itemId: string): Promise<void> {
  await db.listItems.delete([profileId, list, itemId]);
}

export async function patchListItem(profileId: number, list: ListName, itemId: string, data: Record<string, unknown>): Promise<void> {
  const row = await db.listItems.get([profileId, list, itemId]);
  if (row) await db.listItems.put({ ...row, data: { ...row.data, ...data } });
}
