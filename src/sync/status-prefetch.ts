// A status page opened straight from its address (a reload, a link) asks for its first page as the
// app starts, beside the app's and the screen's code instead of after them (docs/architecture.md
// "The first visit"); the screen takes that answer when it asks for the same page soon after.
import type { StatusAnswer, StatusQuery } from '../api/message-api';
import { DEFAULT_PAGE_SIZE } from '../domain/constants';
import { loadStatusPage } from './message-sync';

/** An answer older than this is asked for again (receipts arrive by the second). */
const FRESH_MS = 10_000;

let early: { messageKey: string; at: number; answer: Promise<StatusAnswer> } | null = null;

/** The first page the status screen shows, with no search or filter. */
const firstPage = (): StatusQuery => ({ page: 1, size: DEFAULT_PAGE_SIZE });

/** Asks for a message's first status page now, for the screen about to show it. */
export function prefetchStatusPage(messageKey: string): void {
  const answer = loadStatusPage(messageKey, firstPage());
  // A failure is the screen's to show: it asks again itself.
  answer.catch(() => undefined);
  early = { messageKey, at: Date.now(), answer };
}

/** The answer asked for early, once, when it is the page wanted and still fresh. */
export function takePrefetchedStatusPage(messageKey: string, query: StatusQuery): Promise<StatusAnswer> | null {
  const found = early;
  early = null;
  if (!found || found.messageKey !== messageKey || Date.now() - found.at > FRESH_MS) return null;
  const first = firstPage();
  const same =
    Object.keys(query).length === Object.keys(first).length && query.page === first.page && query.size === first.size;
  return same ? found.answer : null;
}
