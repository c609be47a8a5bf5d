import { removeFinishedJob, restoreJobToDraft, resumeFailedJob } from '../db/outbox-store';

/** Removes a finished send (done or failed) and its stored messages once the user dismisses it. */
export const dismissSendJob = (jobId: string): Promise<boolean> => removeFinishedJob(jobId);

/** A refused send back into the send form, with everything it had (fields and sheet); the job goes. */
export const editAgain = (jobId: string): Promise<boolean> => restoreJobToDraft(jobId);

/** A send refused part-way (some batches accepted) goes on from where it stopped: the outbox sees it queued again. */
export const sendTheRest = (jobId: string): Promise<boolean> => resumeFailedJob(jobId);
