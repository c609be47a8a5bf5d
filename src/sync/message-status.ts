import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusAnswer, StatusQuery, StatusRow } from '../api/message-api';
import type { StatusFilter } from '../domain/messages/delivery-report';
import type { StatusTotals } from '../domain/messages/message-status';
import { describeFailure } from './failures';
import { loadStatusPage } from './message-sync';
import { arrivedStatusPage, takePrefetchedStatusPage } from './status-prefetch';

const STATUS_POLL_MS = 3000;
/** After this many looks a number still pending (a receipt can take hours) is asked about less often. */
const FAST_POLLS = 20;

/** The page the status screen shows: which rows, how many a page, the search and the status filter. */
export interface StatusPageQuery {
  page: number;
  size: number;
  search: string;
  filter: StatusFilter | null;
}

/** The message a status page shows, from the gateway's answer (its own row, never a recipient's). */
export type StatusCampaign = NonNullable<StatusAnswer['campaign']>;

export type StatusPageView = {
  /** The message's name, text, sender and time; null before the first answer (or from an older gateway). */
  campaign: StatusCampaign | null;
  /** The rows of the page shown; null before the first answer. */
  rows: StatusRow[] | null;
  /** How many rows the search and filter match (the pages' count). */
  matching: number;
  /** The message's totals, from the gateway's counters. */
  totals: Totals | null;
  loading: boolean;
  /** Why the last load failed (offline, not found); the rows shown are the last ones loaded. */
  error: string | null;
  offline: boolean;
  reload(): void;
};

type Totals = StatusTotals & { waiting: number };
type Shown = { rows: StatusRow[]; matching: number; totals: Totals | null; campaign: StatusCampaign | null };

const queryOf = (q: StatusPageQuery, after: number | undefined): StatusQuery => ({
  page: q.page,
  size: q.size,
  ...(q.search.trim() ? { search: q.search.trim() } : {}),
  ...(q.filter ? { filter: q.filter } : {}),
  ...(after === undefined ? {} : { after }),
});

const shownOf = (answer: StatusAnswer): Shown => ({
  rows: answer.status,
  matching: answer.matching ?? answer.status.length,
  totals: answer.totals ?? null,
  campaign: answer.campaign ?? null,
});

/** The index of each shown page's last row, for one search, filter and page size. */
type PageEnds = { key: string; last: Map<number, number> };

/**
 * status/{id} a page at a time (docs/api.md#a-messages-status): the page shown is asked for as it is
 * shown; while recipients are pending, each look asks only for what changed after the last answer's
 * cursor, and asks for the page again only when something did. Never the whole list.
 */
export function useStatusPage(messageKey: string, q: StatusPageQuery): StatusPageView {
  // The first page asked for as the app started, when it has arrived: the first render shows its rows.
  const [arrived] = useState(() => arrivedStatusPage(messageKey, queryOf(q, undefined)));
  const [shown, setShown] = useState<Shown | null>(() => (arrived ? shownOf(arrived) : null));
  const [error, setError] = useState<{ message: string; offline: boolean } | null>(null);
  const [loading, setLoading] = useState(arrived === null);
  const [tick, setTick] = useState(0);
  const { page, size, search, filter } = q;
  const ends = useRef<PageEnds>({ key: '', last: new Map() });

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cursor = 0;
    let polls = 0;
    const key = JSON.stringify([size, search.trim(), filter]);
    if (ends.current.key !== key) ends.current = { key, last: new Map() };
    const pageEnds = ends.current.last;
    // The next page after the one shown is read on from its last row (docs/api.md#a-messages-status):
    // receipts arriving meanwhile neither repeat a row nor skip one.
    const query = queryOf({ page, size, search, filter }, pageEnds.get(page - 1));

    const fail = (failure: unknown) => {
      if (!alive) return;
      const view = describeFailure(failure);
      setError({ message: view.message, offline: view.offline });
      setLoading(false);
      // Offline, look again later: the page fills in when the network returns.
      if (view.offline) timer = setTimeout(() => void showPage().then(schedule, fail), STATUS_POLL_MS * 3);
    };
    const schedule = (totals: Totals | null | undefined) => {
      if (!alive) return;
      polls += 1;
      // Only PENDING and SCHEDULED recipients can change (UNKNOWN is final): else nothing is asked again.
      if (totals && totals.waiting > 0)
        timer = setTimeout(() => void look(), polls > FAST_POLLS ? STATUS_POLL_MS * 5 : STATUS_POLL_MS);
    };
    let first = true;
    const showPage = async () => {
      // The first answer may have been asked for as the app started (status-prefetch.ts).
      const early = first ? takePrefetchedStatusPage(messageKey, query) : null;
      first = false;
      const answer = await (early
        ? early.catch(() => loadStatusPage(messageKey, query))
        : loadStatusPage(messageKey, query));
      if (!alive) return null;
      cursor = answer.cursor ?? 0;
      const end = answer.status.at(-1)?.index;
      if (end !== undefined) pageEnds.set(page, end);
      if (answer !== arrived) setShown(shownOf(answer));
      setError(null);
      setLoading(false);
      return answer.totals ?? null;
    };
    const look = async () => {
      try {
        let changed = false;
        let totals: Totals | undefined;
        for (;;) {
          const answer = await loadStatusPage(messageKey, { since: cursor });
          if (!alive) return;
          cursor = answer.cursor ?? cursor;
          totals = answer.totals;
          if ((answer.changes?.length ?? 0) > 0) changed = true;
          if (!answer.more) break;
        }
        schedule(changed ? await showPage() : totals);
      } catch (failure) {
        fail(failure);
      }
    };

    showPage().then(schedule, fail);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [messageKey, page, size, search, filter, tick, arrived]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return {
    rows: shown?.rows ?? null,
    campaign: shown?.campaign ?? null,
    matching: shown?.matching ?? 0,
    totals: shown?.totals ?? null,
    loading,
    error: error?.message ?? null,
    offline: error?.offline ?? false,
    reload,
  };
}
