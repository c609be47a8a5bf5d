// What the end of a send says, wherever it ends (docs/product.md#the-outbox-and-batches).
import { BATCHES_SENT } from '../domain/alerts';
import type { OutboxJob } from '../db/app-db';
import { skipTooLargeRow } from '../db/outbox-store';
import { emitAlert } from '../notify/alerts-bus';
import { emitOutboxEvent } from './outbox-events';
import { skippedRowsText } from './job-items';
import type { OutboxAlert } from './send-job';

/** A send gone out in batches has ended: the 'done' event, the success alert, and the rows skipped, named. */
export function announceSent(job: Pick<OutboxJob, 'id' | 'skipped'>, alert: (alert: OutboxAlert) => void): void {
  emitOutboxEvent({ type: 'done', jobId: job.id });
  alert({ message: BATCHES_SENT, severity: 'success' });
  if (job.skipped?.length) alert({ message: skippedRowsText(job.skipped), severity: 'warning' });
}

/**
 * "Skip row N and send the rest", for the row `index` the button showed (outbox-store.ts
 * skipTooLargeRow). Skipping the last row ends the send here, with no request and no drainer: it says
 * so as the drainer would. Answers whether the row was skipped.
 */
export async function skipRowAndSendTheRest(jobId: string, index: number): Promise<boolean> {
  const job = await skipTooLargeRow(jobId, index);
  if (job?.state === 'done') announceSent(job, emitAlert);
  return job !== null;
}
