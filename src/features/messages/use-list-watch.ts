import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { countListRows, readListState } from '../../db/list-store';
import type { ListView as View } from '../../domain/account/permissions';
import { alertDurationMs } from '../../domain/alerts';
import { deliveryCounts, submissionInProgress } from '../../domain/messages/message-summary';
import type { StoredListItem } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { LIST_KINDS, isQuickRow, type MessageListKind, type MessageListName } from './list-kinds';

const LIVE_REFRESH_MS = 5000;

/** Delivery reports arrive by the second: while a message near the top of a dashboard is still going, look again. */
export function useLiveRefresh(
  kind: MessageListKind,
  rows: readonly StoredListItem<MessageListName>[],
  online: boolean,
  refresh: () => void,
): void {
  const live =
    kind === 'quick' &&
    rows
      .slice(0, 20)
      .some((r) => isQuickRow(r) && (deliveryCounts(r.data).pending > 0 || submissionInProgress(r.data)));
  useEffect(() => {
    if (!live || !online) return;
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, online, refresh]);
}

/** An empty scheduled or recurring list says so, once (20 s on the all-recurring list). */
export function useEmptyListAlert(profileId: number, kind: MessageListKind, view: View): void {
  const info = LIST_KINDS[kind];
  const emptyShown = useRef(false);
  const empty = useLiveQuery(async () => {
    // State and rows read together: they are written in one transaction, so they never disagree here.
    const state = await readListState(profileId, info.list[view]);
    return (
      state.visited && state.done && state.search === '' && (await countListRows(profileId, info.list[view])) === 0
    );
  }, [profileId, info, view]);
  useEffect(() => {
    if (!empty || !info.empty || emptyShown.current) return;
    emptyShown.current = true;
    emitAlert({
      message: info.empty,
      severity: 'info',
      durationMs: alertDurationMs(kind === 'recurring' && view === 'client'),
    });
  }, [empty, info.empty, kind, view]);
}
