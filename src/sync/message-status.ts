import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusRow } from '../api/message-api';
import { mayStillChange } from '../domain/message-status';
import { describeFailure } from './failures';
import { loadMessageStatus } from './message-sync';

const STATUS_POLL_MS = 3000;
/** After this many looks a number still pending (a receipt can take hours) is asked about less often. */
const FAST_POLLS = 20;

export type MessageStatusView = {
  rows: StatusRow[] | null;
  loading: boolean;
  /** Why the last load failed (offline, not found); the rows shown are the last ones loaded. */
  error: string | null;
  offline: boolean;
  reload(): void;
};

/** status/{id}, read live and read again every few seconds while some recipient's status may still change. */
export function useMessageStatus(messageKey: string): MessageStatusView {
  const [rows, setRows] = useState<StatusRow[] | null>(null);
  const [error, setError] = useState<{ message: string; offline: boolean } | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const alive = useRef(true);
  const polls = useRef(0);

  useEffect(() => {
    alive.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loadMessageStatus(messageKey).then(
      (fresh) => {
        if (!alive.current) return;
        setRows(fresh);
        setError(null);
        setLoading(false);
        polls.current += 1;
        const wait = polls.current > FAST_POLLS ? STATUS_POLL_MS * 5 : STATUS_POLL_MS;
        // SENT, FAILED and UNKNOWN are final: a page of final statuses is never asked for again.
        if (mayStillChange(fresh)) timer = setTimeout(() => setTick((t) => t + 1), wait);
      },
      (failure: unknown) => {
        if (!alive.current) return;
        const view = describeFailure(failure);
        setError({ message: view.message, offline: view.offline });
        setLoading(false);
        // Offline, look again later: the page fills in when the network returns.
        if (view.offline) timer = setTimeout(() => setTick((t) => t + 1), STATUS_POLL_MS * 3);
      },
    );
    return () => {
      alive.current = false;
      clearTimeout(timer);
    };
  }, [messageKey, tick]);

  useEffect(() => {
    polls.current = 0;
  }, [messageKey]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { rows, loading, error: error?.message ?? null, offline: error?.offline ?? false, reload };
}
