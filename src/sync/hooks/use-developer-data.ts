import { readDeveloperData } from '../../db/developer-store';
import type { StoredDeveloperData } from '../../db/app-db';
import { refreshDeveloperData } from '../developers';
import { useStoredList, type StoredListState } from './use-stored-list';

export type DeveloperDataState = StoredListState<StoredDeveloperData>;

/** The Developers page's keys, endpoints and secrets from the device, fetched again when the page opens. */
export function useDeveloperData(): DeveloperDataState {
  return useStoredList(readDeveloperData, refreshDeveloperData);
}
