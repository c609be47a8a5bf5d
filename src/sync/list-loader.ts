import type { ListName } from '../api/list-api';
import { currentAccount } from '../db/session-store';
import { loadNextPage, openList, refreshList, searchList } from './list-sync';
import { paginatorFor } from './paginator';

// The list calls through their paginator, so a scroll, a search and a refresh never overlap.

export const loadMore = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => loadNextPage(list));

export const search = (profileId: number, list: ListName, text: string) =>
  paginatorFor(profileId, list).run(() => searchList(list, text), true);

export const refresh = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => refreshList(list), true);

const opening = new Map<string, Promise<void>>();

/** Opens a list; an open asked for while one runs (the app's early one, then its screen's) joins it. */
export function open(profileId: number, list: ListName): Promise<void> {
  const key = `${profileId}:${list}`;
  const running = opening.get(key);
  if (running) return running;
  const started = paginatorFor(profileId, list)
    .run(() => openList(list), true)
    .finally(() => opening.delete(key));
  opening.set(key, started);
  return started;
}

/**
 * A list opened as the app starts at its screen's address, beside the app's code instead of after it
 * (docs/architecture.md "Opening a dashboard"): the screen shows the rows it stores.
 */
export async function openListEarly(list: ListName): Promise<void> {
  const found = await currentAccount();
  if (found) await open(found.user.profile_id, list);
}
