import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readClientList } from '../../db/client-store';
import type { StoredClientList } from '../../db/app-db';
import { refreshClients } from '../clients';
import { describeFailure, type FailureView } from '../failures';
import { useProfileId } from './use-profile-id';

export type ClientListState = {
  /** The stored list (undefined while reading, null before the first fetch on this device). */
  list: StoredClientList | null | undefined;
  loading: boolean;
  /** Why the last fetch failed (offline included), or null. */
  error: FailureView | null;
  /** Fetch again (after coming back online, say). */
  refresh: () => void;
};

/** The admin's clients from the device, fetched again when the screen opens and on demand. */
export function useClientList(): ClientListState {
  const profileId = useProfileId();
  const list = useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await readClientList(profileId)) ?? null)),
    [profileId],
  );
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState(-1);
  const [error, setError] = useState<FailureView | null>(null);
  useEffect(() => {
    if (profileId === undefined) return;
    let live = true;
    const settle = (failure: FailureView | null) => {
      if (!live) return;
      setError(failure);
      setSettled(round);
    };
    refreshClients().then(
      () => settle(null),
      (failure: unknown) => settle(describeFailure(failure)),
    );
    return () => {
      live = false;
    };
  }, [profileId, round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { list, loading: profileId !== undefined && settled !== round, error, refresh };
}
