import { LIST_CALLS, fetchListPage, type ListItem, type ListName } from '../api/list-api';
import { currentAccount } from '../db/session-store';
import { putListItems, putRefreshedItems, readListState } from '../db/list-store';
import type { StoredListItem, StoredListState } from '../db/app-db';

/** A refresh follows new items at most this many pages deep before it stops looking. */
const REFRESH_MAX_PAGES = 5;

/** Whose list, and the token its pages are asked for with. */
export interface ListAccount {
  profileId: number;
  token: string;
}

async function account(): Promise<ListAccount> {
  const found = await currentAccount();
  if (!found) throw new Error('Sign in to see your messages');
  return { profileId: found.user.profile_id, token: found.session.token };
}

/** Newest first: the item's own time; ids stand in when a gateway leaves the time out. */
function sortKeyOf(list: ListName, item: ListItem): number {
  const call = LIST_CALLS[list];
  const time = Date.parse(call.time(item));
  if (Number.isFinite(time)) return time;
  const id = Number(call.id(item));
  return Number.isFinite(id) ? id : 0;
}

/** A page's items as stored rows; the page was validated with this list's schema, so each is this list's item. */
export function toStoredItems(profileId: number, list: ListName, items: readonly ListItem[]): StoredListItem[] {
  return items.map(
    (item) =>
      ({
        profile_id: profileId,
        list,
        itemId: LIST_CALLS[list].id(item),
        sortKey: sortKeyOf(list, item),
        data: item,
      }) as StoredListItem,
  );
}

async function loadPage(
  { profileId, token }: ListAccount,
  list: ListName,
  state: StoredListState,
  pageNum: number,
  now: number,
) {
  const page = await fetchListPage(token, list, { profile_id: profileId, search: state.search, pageNum });
  const next: StoredListState = { ...state, pageNum, visited: true, done: !page.hasMore, refreshedAt: now };
  await putListItems(toStoredItems(profileId, list, page.items), next);
  return next;
}

/** The next page of the list (the first one on a first visit); marks the end ('Data fetch completed'). */
export async function loadNextPage(list: ListName, now = Date.now()): Promise<StoredListState> {
  const found = await account();
  return nextPage(found, list, await readListState(found.profileId, list), now);
}

function nextPage(found: ListAccount, list: ListName, state: StoredListState, now: number) {
  if (state.done && state.visited) return Promise.resolve(state);
  return loadPage(found, list, state, state.pageNum + 1, now);
}

/** A new search starts the list's paging over; what is stored stays (the screen filters it on the device). */
export async function searchList(list: ListName, search: string, now = Date.now()): Promise<StoredListState> {
  const found = await account();
  const state = await readListState(found.profileId, list);
  return loadPage(found, list, { ...state, search: search.trim(), pageNum: 0, done: false }, 1, now);
}

/**
 * Brings in what is new at the top without dropping stored items: page 1, then deeper pages
 * while every item on a page is new (up to REFRESH_MAX_PAGES). Paging position is kept.
 */
export async function refreshList(list: ListName, now = Date.now()): Promise<StoredListState> {
  const found = await account();
  return refreshFrom(found, list, await readListState(found.profileId, list), now);
}

async function refreshFrom(found: ListAccount, list: ListName, state: StoredListState, now: number) {
  const { profileId, token } = found;
  if (!state.visited) return loadPage(found, list, state, 1, now);
  let pageNum = 1;
  let metStored = false;
  let reachedEnd = false;
  for (; pageNum <= REFRESH_MAX_PAGES; pageNum += 1) {
    const page = await fetchListPage(token, list, { profile_id: profileId, search: state.search, pageNum });
    ({ metStored } = await putRefreshedItems(toStoredItems(profileId, list, page.items)));
    reachedEnd = !page.hasMore;
    if (reachedEnd || metStored) break;
  }
  // New items push old ones down, so paging on from the same page repeats some but skips none.
  // Without meeting a stored item there may be a gap below: page on from the last page read.
  const joined = metStored || reachedEnd;
  const next: StoredListState = {
    ...state,
    pageNum: joined ? Math.max(state.pageNum, 1) : REFRESH_MAX_PAGES,
    done: joined ? state.done || reachedEnd : false,
    refreshedAt: now,
  };
  // Only the time moved: the state stays as stored, so the screens' live queries on it do not run again.
  if (next.pageNum === state.pageNum && next.done === state.done) return state;
  await putListItems([], next);
  return next;
}

/**
 * Opens a list: the first page on a first visit, else a refresh over what is stored. The account and the
 * list's state (each unless the caller has read it already) are read once, so its first page is asked for
 * after two reads of the device, not five: an app starting at a dashboard waits on nothing else. Given
 * both, the first page is asked for before this returns.
 */
export async function openList(
  list: ListName,
  now = Date.now(),
  known?: ListAccount,
  knownState?: StoredListState,
): Promise<StoredListState> {
  const found = known ?? (await account());
  const state = knownState ?? (await readListState(found.profileId, list));
  return state.visited ? refreshFrom(found, list, state, now) : nextPage(found, list, state, now);
}
