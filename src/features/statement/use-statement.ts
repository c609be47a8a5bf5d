import { useCallback } from 'react';
import { readStatement } from '../../db/statement-store';
import { refreshStatement } from '../../sync/statements';
import { useStoredList } from '../../sync/hooks/use-stored-list';

/** A month's statement from the device, fetched again when shown (docs/product.md#statements). */
export function useStatement(month: string, clientId: number | null) {
  const read = useCallback(
    (profileId: number) => readStatement(profileId, clientId ?? profileId, month),
    [month, clientId],
  );
  const fetch = useCallback(() => refreshStatement(month, clientId), [month, clientId]);
  return useStoredList(read, fetch);
}
