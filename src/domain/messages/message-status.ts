// Delivery status of recipients (docs/product.md#delivery-status).
import { splitDestinations } from '../send/recipients';

/**
 * A recipient's status: one vocabulary for the gateway (message_recipients.status, recipient_events)
 * and the app (status/{id} rows).
 * - SCHEDULED: a recipient of a scheduled, recurring or birthday send, waiting for its run;
 * - PENDING: accepted and on its way: queued for the carrier, or waiting for its delivery receipt;
 * - SENT: the carrier reported every part delivered;
 * - FAILED: the carrier refused a part or reported it undelivered;
 * - UNKNOWN: the carrier took a part but no receipt came within the receipt window (docs/carrier.md);
 * - OPTED_OUT: the number is on the account's suppression list: never sent, never charged (docs/compliance.md).
 * SENT, FAILED, UNKNOWN and OPTED_OUT are final: a recipient's status never changes after one of them.
 */
export const RECIPIENT_STATUSES = ['SCHEDULED', 'PENDING', 'SENT', 'FAILED', 'UNKNOWN', 'OPTED_OUT'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** The final statuses the carrier records. */
export type FinalStatus = Extract<RecipientStatus, 'SENT' | 'FAILED' | 'UNKNOWN'>;

const FINAL_STATUSES: ReadonlySet<string> = new Set<RecipientStatus>(['SENT', 'FAILED', 'UNKNOWN', 'OPTED_OUT']);

/**
 * How a status reads to a person (the status page, the exports): SENT means the carrier reported it
 * delivered, so it reads 'Delivered', as the report's funnel does; the wire and stored values stay.
 */
const STATUS_LABELS: Record<RecipientStatus, string> = {
  SCHEDULED: 'Scheduled',
  PENDING: 'Pending',
  SENT: 'Delivered',
  FAILED: 'Failed',
  UNKNOWN: 'Unknown',
  OPTED_OUT: 'Opted out',
};

/** A status in words; a status this app does not know keeps its name. */
export const statusLabel = (status: string): string => STATUS_LABELS[status as RecipientStatus] ?? status;

/**
 * What a word searches for in the status names: itself ('opted out' finds OPTED_OUT, 'sent' SENT),
 * and the name of each status whose words contain it, from 3 letters ('deliv' finds SENT, shown Delivered).
 */
export function statusSearchNeedles(search: string): string[] {
  const word = search.trim().toLowerCase().replace(/\s+/g, ' ');
  const shown = word.length < 3 ? [] : RECIPIENT_STATUSES.filter((s) => STATUS_LABELS[s].toLowerCase().includes(word));
  return [...new Set([word.replace(/ /g, '_'), ...shown.map((s) => s.toLowerCase())])];
}

/** What the status groups (totals, the filter, the lists' counts) are called. */
export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  sent: 'Delivered',
  failed: 'Failed',
  pending: 'Pending',
  optedOut: 'Opted out',
};

/** Whether a status can no longer change (SENT, FAILED, UNKNOWN, OPTED_OUT): nothing is worth asking again. */
export const isFinalStatus = (status: string | null | undefined): boolean => FINAL_STATUSES.has(status ?? '');

/** The groups the status page and the dashboards count and colour. */
export type StatusGroup = 'sent' | 'failed' | 'pending' | 'optedOut';
export type StatusTotals = Record<StatusGroup, number> & { total: number };

// Anything but SENT, FAILED and OPTED_OUT is counted with the pending ones (UNKNOWN included: it shows its name).
export function statusGroup(status: string | null | undefined): StatusGroup {
  if (status === 'SENT') return 'sent';
  if (status === 'FAILED') return 'failed';
  if (status === 'OPTED_OUT') return 'optedOut';
  return 'pending';
}

export function statusTotals(rows: ReadonlyArray<{ status?: string | null }>): StatusTotals {
  const totals: StatusTotals = { sent: 0, failed: 0, pending: 0, optedOut: 0, total: rows.length };
  for (const row of rows) totals[statusGroup(row.status)] += 1;
  return totals;
}

/** Whether some of these rows may still change, so the status page should look again later. */
export const mayStillChange = (rows: ReadonlyArray<{ status?: string | null }>): boolean =>
  rows.some((row) => !isFinalStatus(row.status));

// The gateway records numbers as it submits them; fewer records than posted numbers means it is still going.
export function isSubmissionInProgress(message: {
  destinationAddress: string;
  messageStatus?: readonly unknown[];
}): boolean {
  return (message.messageStatus?.length ?? 0) < splitDestinations(message.destinationAddress).length;
}
