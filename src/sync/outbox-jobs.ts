import { removeFinishedJob } from '../db/outbox-store';

/** Removes a finished send (done or failed) and its stored messages once the user dismisses it. */
export const dismissSendJob = (jobId: string): Promise<boolean> => removeFinishedJob(jobId);
