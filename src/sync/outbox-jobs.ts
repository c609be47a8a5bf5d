import { removeFinishedJob, restoreJobToDraft } from '../db/outbox-store';

/** Removes a finished send (done or failed) and its stored messages once the user dismisses it. */
export const dismissSendJob = (jobId: string): Promise<boolean> => removeFinishedJob(jobId);

/** A refused send back into the send form, with everything it had (fields and sheet); the job goes. */
export const editAgain = (jobId: string): Promise<boolean> => restoreJobToDraft(jobId);
