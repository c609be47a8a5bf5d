import Dexie from 'dexie';
import { matchesSearch } from '../domain/search';
import { db } from './db';
import type { ListItemOf } from '../api/list-api';
import type { ListName, StoredListItem, StoredListState } from './app-db';

function emptyListState(profileId: number, list: ListName): StoredListState {
  return { profile_id: profileId, list, pageNum: 0, search: '', visited: false, done: false, refreshedAt: 0 };
}

export async function readListState(profileId: number, list: ListName): Promise<StoredListState> {
  return (await db.listState.get([profileId, list])) ?? emptyListState(profileId, list);
}

/** Writes a page: an item already stored is replaced (its statuses may have moved on), never duplicated. */
export async function putListItems(items: readonly StoredListItem[], state?: StoredListState): Promise<void> {
  await db.transaction('rw', db.listItems, db.listState, async () => {
    await db.listItems.bulkPut(items as StoredListItem[]);
    if (state) await db.listState.put(state);
  });
}

const sameRow = (a: StoredListItem, b: StoredListItem) =>
  a.sortKey === b.sortKey && JSON.stringify(a.data) === JSON.stringify(b.data);

/**
 * Writes a refreshed page: only the items that are new or differ from their stored copy, so a look that
 * finds nothing new writes nothing and the screens' live queries on the list do not run again (a
 * dashboard looks every few seconds while a send is pending). Says whether any item was stored already.
 */
export async function putRefreshedItems(items: readonly StoredListItem[]): Promise<{ metStored: boolean }> {
  return db.transaction('rw', db.listItems, async () => {
    const stored = await db.listItems.bulkGet(
      items.map((r) => [r.profile_id, r.list, r.itemId] as [number, ListName, string]),
    );
    const changed = items.filter((item, i) => !stored[i] || !sameRow(stored[i], item));
    if (changed.length > 0) await db.listItems.bulkPut(changed as StoredListItem[]);
    return { metStored: stored.some((row) => row !== undefined) };
  });
}

/** Up to this many rows, a backwards cursor beats reading the whole list. */
const WINDOW_BY_CURSOR = 500;

const inList = (profileId: number, list: ListName) =>
  db.listItems
    .where('[profile_id+list+sortKey]')
    .between([profileId, list, Dexie.minKey], [profileId, list, Dexie.maxKey]);

// A row stored under a list's key holds that list's item (list-sync writes each page from that list's answer).
const asRowsOf = <L extends ListName>(rows: StoredListItem[]) => rows as StoredListItem<L>[];

/**
 * The stored rows of a list, newest first, filtered by the search as the gateway would (docs/product.md#lists-and-status).
 * A short unfiltered window walks the index backwards; anything else reads the list in one getAll
 * (far cheaper per row than a cursor) and filters in memory.
 */
export async function readListRows<L extends ListName>(
  profileId: number,
  list: L,
  search: string,
  limit = Infinity,
): Promise<StoredListItem<L>[]> {
  const needle = search.trim();
  if (!needle && limit <= WINDOW_BY_CURSOR)
    return asRowsOf<L>(await inList(profileId, list).reverse().limit(limit).toArray());
  const rows = asRowsOf<L>(await inList(profileId, list).toArray()).reverse();
  const matching = needle ? rows.filter((row) => matchesSearch(row.data, needle)) : rows;
  return Number.isFinite(limit) ? matching.slice(0, limit) : matching;
}

export const countListRows = (profileId: number, list: ListName) => inList(profileId, list).count();

/**
 * A stored list item by the key in its detail URL: the message_id, or the randomAlpha the lists link
 * with. Undefined when this device has not stored it (a deep link, another device's send).
 */
export async function findStoredMessage<L extends ListName>(
  profileId: number,
  list: L,
  key: string,
): Promise<StoredListItem<L> | undefined> {
  const row =
    (await db.listItems.get([profileId, list, key])) ??
    (await inList(profileId, list)
      .filter((item) => item.data.randomAlpha === key)
      .first());
  return row as StoredListItem<L> | undefined;
}

export async function removeListItem(profileId: number, list: ListName, itemId: string): Promise<void> {
  await db.listItems.delete([profileId, list, itemId]);
}

export async function patchListItem<L extends ListName>(
  profileId: number,
  list: L,
  itemId: string,
  data: Partial<ListItemOf<L>>,
): Promise<void> {
  const row = (await db.listItems.get([profileId, list, itemId])) as StoredListItem<L> | undefined;
  // The patch has this list's item fields, so the row stays this list's item.
  if (row) await db.listItems.put({ ...row, data: { ...row.data, ...data } } as StoredListItem);
}
