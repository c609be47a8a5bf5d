import { useLiveQuery } from 'dexie-react-hooks';
import { jobsOf } from '../../db/outbox-store';
import type { OutboxJob } from '../../db/app-db';
import { useProfileId } from './use-profile-id';

export interface JobView extends OutboxJob {
  /** 0 to 1: acknowledged recipients over all (the progress bar). */
  progress: number;
}

/** The signed-in account's sends, newest first, with their progress, live across tabs. */
export function useOutboxJobs(): JobView[] | undefined {
  const profileId = useProfileId();
  return useLiveQuery(async () => {
    if (profileId === undefined) return undefined;
    const jobs = await jobsOf(profileId);
    return jobs.reverse().map((job) => ({ ...job, progress: job.total > 0 ? job.sent / job.total : 1 }));
  }, [profileId]);
}
