// Where a queued send stands on the device, and the one test of whether it is still waiting.

/** Where a send stands on the device (OutboxJob.state). */
export type OutboxState = 'queued' | 'sending' | 'paused' | 'done' | 'failed';

/** States whose job still has recipients to send: never dropped silently, never reloaded over. */
export const WAITING_STATES = ['queued', 'sending', 'paused'] as const satisfies readonly OutboxState[];

/** The one test of "is this send still waiting?" (not done, not refused). */
export const isWaitingJob = (job: { state: OutboxState }): boolean =>
  (WAITING_STATES as readonly OutboxState[]).includes(job.state);
