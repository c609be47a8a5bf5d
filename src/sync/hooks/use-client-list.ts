import { readClientList } from '../../db/client-store';
import type { StoredClientList } from '../../db/app-db';
import { refreshClients } from '../clients';
import { useStoredList, type StoredListState } from './use-stored-list';

export type ClientListState = StoredListState<StoredClientList>;

const fetchClients = () => refreshClients();

/** The admin's clients from the device, fetched again when the screen opens and on demand. */
export const useClientList = (): ClientListState => useStoredList(readClientList, fetchClients);
