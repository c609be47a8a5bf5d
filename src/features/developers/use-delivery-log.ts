import { useCallback, useEffect, useState } from 'react';
import type { DeliveryPage, DeliveryView } from '../../api/developer-api';
import { deliveriesOf } from '../../sync/developers';
import { describeFailure } from '../../sync/failures';

const PENDING_LOOK_MS = 3000;

/**
 * An endpoint's delivery log, newest first: the first page read when shown and again each `round` (a test
 * event sent), older pages added by `load(cursor)`; `load()` reads the first page again.
 */
export function useDeliveryLog(endpointId: string, online: boolean, round: number) {
  const [rows, setRows] = useState<DeliveryView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = useCallback((page: DeliveryPage, more: boolean) => {
    setRows((old) => (more ? [...(old ?? []), ...page.data] : page.data));
    setNext(page.nextCursor);
    setError(null);
  }, []);
  const fail = useCallback((failure: unknown) => setError(describeFailure(failure).message), []);
  const load = useCallback(
    (cursor?: string) => deliveriesOf(endpointId, cursor).then((page) => show(page, cursor !== undefined), fail),
    [endpointId, show, fail],
  );
  useEffect(() => {
    deliveriesOf(endpointId).then((page) => show(page, false), fail);
  }, [endpointId, round, show, fail]);
  // While a delivery waits for its attempt, the first page is read again every few seconds.
  const waiting = online && (rows ?? []).some((d) => d.state === 'pending');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => deliveriesOf(endpointId).then((page) => show(page, false), fail), PENDING_LOOK_MS);
    return () => clearTimeout(timer);
  }, [waiting, rows, endpointId, show, fail]);
  return { rows, next, error, load };
}
