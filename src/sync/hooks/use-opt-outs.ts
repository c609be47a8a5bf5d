import { useCallback } from 'react';
import { readOptOutList } from '../../db/optout-store';
import type { StoredOptOutList } from '../../db/app-db';
import { refreshOptOuts } from '../optouts';
import { useStoredList, type StoredListState } from './use-stored-list';

export type OptOutListState = StoredListState<StoredOptOutList>;

/**
 * The account's opt-out list from the device, fetched again when a screen opens it and on demand;
 * with `maxAgeMs`, the opening fetch happens only when the stored copy is older than that.
 */
export function useOptOuts(maxAgeMs?: number): OptOutListState {
  const fetch = useCallback((first: boolean) => refreshOptOuts(first ? maxAgeMs : undefined), [maxAgeMs]);
  return useStoredList(readOptOutList, fetch);
}
