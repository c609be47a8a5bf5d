// Where a queued send stands on the device, and the one test of whether it is still waiting.

/** Where a send stands on the device (OutboxJob.state). */
export type OutboxState = 'queued' | 'sending' | 'paused' | 'done' | 'failed';

/** States whose job still has recipients to send: never dropped silently, never reloaded over. */
export const WAITING_STATES = ['queued', 'sending', 'paused'] as const satisfies readonly OutboxState[];

/** The one test of "is this send still waiting?" (not done, not refused). */
export const isWaitingJob = (job: { state: OutboxState }): boolean =>
  (WAITING_STATES as readonly OutboxState[]).includes(job.state);

/**
 * The one test of whether a refused send offers "Skip row N and send the rest": it stopped on a
 * message too large on its own at the next row to send, and has another row to send (a send of that
 * one row alone is edited, not skipped). Stopped on its first row, it offers the skip beside "Edit
 * and send again".
 */
export const offersRowSkip = (job: {
  state: OutboxState;
  sent: number;
  total: number;
  tooLarge?: { index: number };
}): boolean => job.state === 'failed' && job.tooLarge?.index === job.sent && job.total > 1;
