import { useCallback, useState } from 'react';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../failures';

/**
 * A button's action: `busy` while it runs; a failure becomes an alert in the user's terms (or
 * `fallback` when the gateway gives no message). `run` answers whether the work succeeded.
 */
export function useAction(fallback?: string) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (work: () => Promise<void>): Promise<boolean> => {
      setBusy(true);
      try {
        await work();
        return true;
      } catch (failure) {
        const view = describeFailure(failure, fallback);
        emitAlert({ message: view.message, severity: view.severity });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { busy, run };
}
