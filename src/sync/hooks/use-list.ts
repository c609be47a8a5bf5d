import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { ApiFailure } from '../../api/api-failure';
import type { ListName } from '../../api/list-api';
import { readListRows, readListState } from '../../db/list-store';
import type { StoredListItem, StoredListState } from '../../db/app-db';
import { END_OF_LIST_TEXT } from '../../domain/constants';
import { loadMore, open, refresh, search } from '../list-loader';
import { paginatorFor, type PaginatorState } from '../paginator';
import { takeListReadAhead } from '../list-ahead';
import { useProfileId } from './use-profile-id';

const IDLE: PaginatorState = { status: 'idle', error: null };
const noSubscription = () => () => {};

export interface ListView<L extends ListName = ListName> {
  /** Stored rows, newest first, filtered by the list's search; undefined while reading. */
  rows: StoredListItem<L>[] | undefined;
  state: StoredListState | undefined;
  status: PaginatorState['status'];
  error: unknown;
  /** The last load got no answer: the rows are what the device holds. */
  offline: boolean;
  /** 'Data fetch completed' once the gateway has no more. */
  endText: string | null;
  loadMore(): void;
  search(text: string): void;
  refresh(): void;
}

/** A mirrored list for an infinite-scroll screen: Dexie rows plus the paginator that fills them. */
export function useList<L extends ListName>(list: L, options: { limit?: number } = {}): ListView<L> {
  const profileId = useProfileId();
  // The rows the app's start read ahead at a dashboard's address: shown in the first render, until the live reads answer.
  const [ahead] = useState(() => (profileId === undefined ? null : takeListReadAhead(profileId, list)));
  const state = useLiveQuery(
    async () => (profileId === undefined ? undefined : readListState(profileId, list)),
    [profileId, list],
    ahead?.state,
  );
  const text = state?.search ?? '';
  const rows = useLiveQuery(
    async () => (profileId === undefined ? undefined : readListRows(profileId, list, text, options.limit)),
    [profileId, list, text, options.limit],
    ahead && ahead.state.search === text ? (ahead.rows.slice(0, options.limit) as StoredListItem<L>[]) : undefined,
  );
  const paginator = profileId === undefined ? null : paginatorFor(profileId, list);
  const loader = useSyncExternalStore(paginator?.subscribe ?? noSubscription, paginator?.snapshot ?? (() => IDLE));

  useEffect(() => {
    if (profileId !== undefined) void open(profileId, list);
  }, [profileId, list]);

  const error = loader.error;
  return {
    rows,
    state,
    status: loader.status,
    error,
    offline: error instanceof ApiFailure && (error.kind === 'network' || error.kind === 'timeout'),
    endText: loader.status === 'done' || (loader.status !== 'loading' && state?.done) ? END_OF_LIST_TEXT : null,
    loadMore: useCallback(() => void (profileId !== undefined && loadMore(profileId, list)), [profileId, list]),
    search: useCallback(
      (value: string) => void (profileId !== undefined && search(profileId, list, value)),
      [profileId, list],
    ),
    refresh: useCallback(() => void (profileId !== undefined && refresh(profileId, list)), [profileId, list]),
  };
}
