// Delivery status of recipients (docs/product.md#delivery-status).
import { splitDestinations } from './recipients';

export type RecipientStatus = 'sent' | 'failed' | 'pending';
export type StatusTotals = Record<RecipientStatus, number> & { total: number };

// Anything but SENT and FAILED is still on its way.
export function recipientStatus(status: string | null | undefined): RecipientStatus {
  if (status === 'SENT') return 'sent';
  if (status === 'FAILED') return 'failed';
  return 'pending';
}

export function statusTotals(rows: ReadonlyArray<{ status?: string | null }>): StatusTotals {
  const totals: StatusTotals = { sent: 0, failed: 0, pending: 0, total: rows.length };
  for (const row of rows) totals[recipientStatus(row.status)] += 1;
  return totals;
}

// The gateway records numbers as it submits them; fewer records than posted numbers means it is still going.
export function isSubmissionInProgress(message: {
  destinationAddress: string;
  messageStatus?: readonly unknown[];
}): boolean {
  return (message.messageStatus?.length ?? 0) < splitDestinations(message.destinationAddress).length;
}
