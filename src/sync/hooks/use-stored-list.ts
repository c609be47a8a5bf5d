import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { describeFailure, type FailureView } from '../failures';
import { useProfileId } from './use-profile-id';

export type StoredListState<T> = {
  /** The stored list (undefined while reading, null before the first fetch on this device). */
  list: T | null | undefined;
  loading: boolean;
  /** Why the last fetch failed (offline included), or null. */
  error: FailureView | null;
  /** Fetch again (after coming back online, say). */
  refresh: () => void;
};

/**
 * A list kept whole on the device for the signed-in account: read live from Dexie, fetched again when
 * a screen opens it (`fetch(true)`) and on demand (`fetch(false)`). `fetch` must keep its identity.
 */
export function useStoredList<T>(
  read: (profileId: number) => Promise<T | undefined>,
  fetch: (first: boolean) => Promise<void>,
): StoredListState<T> {
  const profileId = useProfileId();
  const list = useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await read(profileId)) ?? null)),
    [profileId, read],
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
    fetch(round === 0).then(
      () => settle(null),
      (failure: unknown) => settle(describeFailure(failure)),
    );
    return () => {
      live = false;
    };
  }, [profileId, round, fetch]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { list, loading: profileId !== undefined && settled !== round, error, refresh };
}
