import { anyDraftHasText } from '../db/draft-store';
import { watchQuery } from '../db/live-watch';
import { anyWaitingJob } from '../db/outbox-store';

/** Whether a send waits or a draft has text, live; loaded only once a new version waits. */
export function watchUpdateBusy(next: (busy: boolean) => void): () => void {
  return watchQuery(
    async () => (await anyWaitingJob()) || (await anyDraftHasText()),
    next,
    () => next(true),
  );
}
