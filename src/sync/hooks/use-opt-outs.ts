import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readOptOutList } from '../../db/optout-store';
import type { StoredOptOutList } from '../../db/app-db';
import { refreshOptOuts } from '../optouts';
import { describeFailure, type FailureView } from '../failures';
import { useProfileId } from './use-profile-id';

export type OptOutListState = {
  /** The stored list (undefined while reading, null before the first fetch on this device). */
  list: StoredOptOutList | null | undefined;
  loading: boolean;
  /** Why the last fetch failed (offline included), or null. */
  error: FailureView | null;
  refresh: () => void;
};

/**
 * The account's opt-out list from the device, fetched again when a screen opens it and on demand;
 * with `maxAgeMs`, only when the stored copy is older than that.
 */
export function useOptOuts(maxAgeMs?: number): OptOutListState {
  const profileId = useProfileId();
  const list = useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await readOptOutList(profileId)) ?? null)),
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
    refreshOptOuts(round === 0 ? maxAgeMs : undefined).then(
      () => settle(null),
      (failure: unknown) => settle(describeFailure(failure)),
    );
    return () => {
      live = false;
    };
  }, [profileId, round, maxAgeMs]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { list, loading: profileId !== undefined && settled !== round, error, refresh };
}
