// A dashboard item's delivery counts and progress, from either shape of messageStatus.
import { isSubmissionInProgress, statusGroup, type StatusTotals } from './message-status';
import { splitDestinations } from '../send/recipients';

type StatusEntry = { status?: unknown; count?: unknown };

export type ListMessage = {
  destinationAddress?: unknown;
  destinationCount?: unknown;
  messageStatus?: readonly StatusEntry[] | null;
  posted?: unknown;
  submitted?: unknown;
};

/** What the recipient count reads: scheduled registrations carry these too, but no messageStatus. */
export type CountedMessage = Pick<ListMessage, 'destinationAddress' | 'destinationCount' | 'posted'>;

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Recipients of a message: the gateway's count when given (the number list may be a preview). */
export function recipientCount(message: CountedMessage): number {
  return (
    finite(message.destinationCount) ??
    finite(message.posted) ??
    splitDestinations(String(message.destinationAddress ?? '')).length
  );
}

/**
 * Sent, failed, pending and opted out: a gateway that summarises ({ status, count }) is added up, one that lists
 * a row per recipient is counted; recipients without a status yet are pending.
 */
export function deliveryCounts(message: ListMessage): StatusTotals {
  const totals: StatusTotals = { sent: 0, failed: 0, pending: 0, optedOut: 0, total: 0 };
  for (const entry of message.messageStatus ?? []) {
    const count = finite(entry.count) ?? 1;
    totals[statusGroup(typeof entry.status === 'string' ? entry.status : null)] += count;
  }
  const known = totals.sent + totals.failed + totals.pending + totals.optedOut;
  totals.pending += Math.max(0, recipientCount(message) - known);
  totals.total = known + Math.max(0, recipientCount(message) - known);
  return totals;
}

/** 'Message submission in progress' while submitted numbers are fewer than posted ones. */
export function submissionInProgress(message: ListMessage): boolean {
  const posted = finite(message.posted);
  const submitted = finite(message.submitted);
  if (posted !== null && submitted !== null) return submitted < posted;
  const rows = (message.messageStatus ?? []).every((e) => finite(e.count) === null);
  if (!rows) return false;
  return isSubmissionInProgress({
    destinationAddress: String(message.destinationAddress ?? ''),
    messageStatus: message.messageStatus ?? [],
  });
}
