// A status page opened straight from its address (a reload, a link) asks for its first page as the
// app starts, beside the app's and the screen's code instead of after them (docs/architecture.md
// "The first visit"); the screen takes that answer when it asks for the same page soon after.
import type { StatusAnswer, StatusQuery } from '../api/message-api';
import { DEFAULT_PAGE_SIZE } from '../domain/constants';
import { loadStatusPage } from './message-sync';
import { settledWithin } from './settled-within';

/** An answer older than this is asked for again (receipts arrive by the second). */
const FRESH_MS = 10_000;

let early: { messageKey: string; at: number; answer: Promise<StatusAnswer>; arrived?: StatusAnswer } | null = null;
let earlyAsked: Promise<void> = Promise.resolve();

/** The first page the status screen shows, with no search or filter. */
const firstPage = (): StatusQuery => ({ page: 1, size: DEFAULT_PAGE_SIZE });

/** Asks for a message's first status page now, for the screen about to show it. */
export function prefetchStatusPage(messageKey: string): void {
  let sent = () => {};
  earlyAsked = new Promise<void>((resolve) => (sent = resolve));
  const answer = loadStatusPage(messageKey, firstPage(), () => sent());
  answer.catch(() => undefined).finally(() => sent());
  const asked = { messageKey, at: Date.now(), answer } as NonNullable<typeof early>;
  // A failure is the screen's to show: it asks again itself.
  answer.then((arrived) => (asked.arrived = arrived)).catch(() => undefined);
  early = asked;
}

/**
 * Resolves once the early first page has been asked for from the gateway, or failed before: the entry
 * mounts the app then, so the app's code and first render run while the answer travels.
 */
export const statusPageAsked = (): Promise<void> => earlyAsked;

/**
 * Resolves once the page asked for early has arrived (or failed), or after `atMostMs` (a slow network);
 * at once when none is on its way. The status screen's code waits for it, so its first render has the rows.
 */
export function untilPrefetchedStatusPage(atMostMs: number): Promise<void> {
  const asked = early;
  return !asked || asked.arrived ? Promise.resolve() : settledWithin(asked.answer, atMostMs);
}

/** The early answer if it has already arrived: the screen's first render shows its rows at once. */
export function arrivedStatusPage(messageKey: string, query: StatusQuery): StatusAnswer | null {
  return early && usable(early, messageKey, query) ? (early.arrived ?? null) : null;
}

function usable(found: NonNullable<typeof early>, messageKey: string, query: StatusQuery): boolean {
  if (found.messageKey !== messageKey || Date.now() - found.at > FRESH_MS) return false;
  const first = firstPage();
  return (
    Object.keys(query).length === Object.keys(first).length && query.page === first.page && query.size === first.size
  );
}

/** The answer asked for early, once, when it is the page wanted and still fresh. */
export function takePrefetchedStatusPage(messageKey: string, query: StatusQuery): Promise<StatusAnswer> | null {
  const found = early;
  early = null;
  return found && usable(found, messageKey, query) ? found.answer : null;
}
