import type { ListName } from '../api/list-api';
import { loadNextPage, openList, refreshList, searchList } from './list-sync';
import { paginatorFor } from './paginator';

// The list calls through their paginator, so a scroll, a search and a refresh never overlap.

export const loadMore = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => loadNextPage(list));

export const search = (profileId: number, list: ListName, text: string) =>
  paginatorFor(profileId, list).run(() => searchList(list, text), true);

export const refresh = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => refreshList(list), true);

export const open = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => openList(list), true);
