import Dexie, { liveQuery } from 'dexie';
import { db } from './db';
import type { OutboxBatch, OutboxJob, StoredDraft, StoredUser } from './app-db';
import { isWaitingJob, offersRowSkip, WAITING_STATES } from '../domain/send/outbox-state';
import { patchUser } from './session-store';

/**
 * Stores a job and all its batch records in one transaction: the send is queued whole or not at all.
 * A send made from a spreadsheet keeps a copy of the account's loaded sheet, so that a refusal can
 * put everything back into the form. With `draftAfter`, the account's draft becomes it (and loses its
 * sheet) in the same transaction: the sent text is queued and gone from the form at once, or neither.
 */
export async function addJob(
  job: OutboxJob,
  batches: readonly OutboxBatch[],
  draftAfter?: StoredDraft['fields'],
  now = Date.now(),
): Promise<void> {
  const tables = [db.outboxJobs, db.outboxBatches, db.draftSheets, db.jobSheets, db.drafts];
  await db.transaction('rw', tables, async () => {
    await db.outboxJobs.add(job);
    await db.outboxBatches.bulkAdd(batches as OutboxBatch[]);
    if (job.form?.source === 'excel') {
      const sheet = await db.draftSheets.where('profile_id').equals(job.profile_id).toArray();
      await db.jobSheets.bulkAdd(sheet.map(({ profile_id: _, ...record }) => ({ ...record, jobId: job.id })));
    }
    if (!draftAfter) return;
    await db.drafts.put({ profile_id: job.profile_id, fields: draftAfter, updatedAt: now });
    await db.draftSheets.where('profile_id').equals(job.profile_id).delete();
  });
}

/**
 * "Edit and send again": a refused job's form (and sheet) become the account's draft again, and the
 * job goes. Answers false when the job is not a failed one, or when some of its batches were
 * accepted: the form holds every recipient, and a new send would reach those again (nothing
 * changes then; resumeFailedJob sends the rest). Answers false too when its account is no longer
 * signed in: its draft would not be kept (signed-in-rows.ts), and the job stays.
 */
export async function restoreJobToDraft(jobId: string, now = Date.now()): Promise<boolean> {
  const tables = [db.session, db.outboxJobs, db.outboxBatches, db.jobSheets, db.drafts, db.draftSheets];
  return db.transaction('rw', tables, async () => {
    const job = await db.outboxJobs.get(jobId);
    if (!job || job.state !== 'failed' || !job.form || job.sent > 0) return false;
    if ((await db.session.get('current'))?.profile_id !== job.profile_id) return false;
    await db.drafts.put({ profile_id: job.profile_id, fields: job.form, updatedAt: now });
    const sheet = await db.jobSheets.where('jobId').equals(jobId).toArray();
    if (sheet.length > 0) {
      await db.draftSheets.where('profile_id').equals(job.profile_id).delete();
      await db.draftSheets.bulkPut(sheet.map(({ jobId: _, ...record }) => ({ ...record, profile_id: job.profile_id })));
    }
    await db.jobSheets.where('jobId').equals(jobId).delete();
    await db.outboxBatches.where('jobId').equals(jobId).delete();
    await db.outboxJobs.delete(jobId);
    return true;
  });
}

/**
 * "Send the rest": a job refused after some of its batches were accepted is queued again as it is,
 * so it goes on from its next batch under the same idempotency keys and no recipient gets it twice.
 * Answers false when the job is not such a one.
 */
export async function resumeFailedJob(jobId: string, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.outboxJobs, async () => {
    const job = await db.outboxJobs.get(jobId);
    if (!job || job.state !== 'failed' || job.sent === 0) return false;
    await db.outboxJobs.update(jobId, {
      state: 'queued',
      attempts: 0,
      notBefore: 0,
      error: undefined,
      tooLarge: undefined,
      updatedAt: now,
    });
    return true;
  });
}

/**
 * "Skip row N and send the rest": a job stopped on a message too large on its own (part-way, or on
 * its first row with others after it: offersRowSkip) goes on after that row, under the same
 * idempotency keys. The row is recorded as skipped (never sent: no request carries its index) and
 * counted as passed; every later recipient is still to go. The last row skipped ends the job.
 * `index` is the row the user was shown: a click meant for a row the job has since passed (a double
 * click, another tab's stale view) never skips the next one. Answers the job as it now is, or null
 * when it is not such a one (nothing changes then).
 */
export async function skipTooLargeRow(jobId: string, index: number, now = Date.now()): Promise<OutboxJob | null> {
  return db.transaction('rw', db.outboxJobs, db.outboxBatches, async () => {
    const job = await db.outboxJobs.get(jobId);
    const row = job?.tooLarge;
    if (!job || !row || row.index !== index || !offersRowSkip(job)) return null;
    const batch = await db.outboxBatches.get([jobId, job.nextBatch]);
    if (!batch || row.index < batch.from || row.index > batch.to) return null;
    const batchDone = row.index === batch.to;
    const last = batchDone && job.nextBatch + 1 === job.batchCount;
    const changes = {
      state: last ? 'done' : 'queued',
      sent: row.index + 1,
      nextBatch: batchDone ? job.nextBatch + 1 : job.nextBatch,
      // The rest of the batch is tried whole again: it may fit without the skipped row.
      pieceSize: undefined,
      skipped: [...(job.skipped ?? []), row],
      tooLarge: undefined,
      error: undefined,
      attempts: 0,
      notBefore: 0,
      updatedAt: now,
    } satisfies Partial<OutboxJob>;
    await db.outboxJobs.update(jobId, changes);
    return { ...job, ...changes };
  });
}

export const readJob = (id: string) => db.outboxJobs.get(id);

export const readBatch = (jobId: string, index: number) => db.outboxBatches.get([jobId, index]);

/** All batch records of a job, in index order (the whole send is rebuilt from them). */
export const readBatches = (jobId: string) =>
  db.outboxBatches.where('[jobId+index]').between([jobId, Dexie.minKey], [jobId, Dexie.maxKey]).toArray();

/** The account's jobs, oldest first. */
export const jobsOf = (profileId: number) =>
  db.outboxJobs.where('[profile_id+createdAt]').between([profileId, Dexie.minKey], [profileId, Dexie.maxKey]).toArray();

/**
 * The account's oldest job with work left that may run now: queued or half sent, or paused by
 * 'Invalid Token' under an earlier sign-in than `signedInAt`.
 */
export async function nextRunnableJob(profileId: number, signedInAt: number): Promise<OutboxJob | undefined> {
  const jobs = await jobsOf(profileId);
  return jobs.find((job) => isWaitingJob(job) && !(job.state === 'paused' && job.pausedSignIn === signedInAt));
}

/** Whether any account on this device has a send still waiting (queued, sending or paused). */
export const anyWaitingJob = async (): Promise<boolean> =>
  (await db.outboxJobs.where('state').anyOf(WAITING_STATES).count()) > 0;

/**
 * The signed-in account's sends still waiting or refused: the app icon's badge (none when signed out).
 * The icon is the device's, seen by whoever uses it next: another account's sends are not its to count.
 */
export const badgeCount = (): Promise<number> =>
  db.transaction('r', db.session, db.outboxJobs, async () => {
    const session = await db.session.get('current');
    if (!session) return 0;
    return db.outboxJobs
      .where('profile_id')
      .equals(session.profile_id)
      .filter((job) => isWaitingJob(job) || job.state === 'failed')
      .count();
  });

/** Calls back with the badge count whenever it may have changed, in any tab or worker. */
export function watchBadgeCount(listener: (count: number) => void): () => void {
  const subscription = liveQuery(badgeCount).subscribe({ next: listener, error: () => {} });
  return () => subscription.unsubscribe();
}

export async function updateJob(id: string, changes: Partial<OutboxJob>): Promise<void> {
  await db.outboxJobs.update(id, changes);
}

/** Removes a finished job and its messages (the user dismissed it). Waiting jobs are kept. */
export async function removeFinishedJob(id: string): Promise<boolean> {
  return db.transaction('rw', [db.outboxJobs, db.outboxBatches, db.jobSheets], async () => {
    const job = await db.outboxJobs.get(id);
    if (!job || isWaitingJob(job)) return false;
    await db.outboxBatches.where('jobId').equals(id).delete();
    await db.jobSheets.where('jobId').equals(id).delete();
    await db.outboxJobs.delete(id);
    return true;
  });
}

/**
 * Records an acknowledged send and, in the same transaction, what a send changes on the stored user
 * (balances unless told not to, the scheduled tab flag: docs/product.md#the-send-form).
 */
export async function acknowledgeSend(
  jobId: string,
  changes: Partial<OutboxJob>,
  userChanges: Partial<StoredUser> | null,
): Promise<void> {
  await db.transaction('rw', db.outboxJobs, db.users, async () => {
    await db.outboxJobs.update(jobId, changes);
    const job = await db.outboxJobs.get(jobId);
    if (job && userChanges) await patchUser(job.profile_id, userChanges);
  });
}

/** Calls back whenever the session or the set of waiting jobs may have changed, in any tab or worker. */
export function watchOutbox(listener: () => void): () => void {
  const subscription = liveQuery(() =>
    Promise.all([db.session.get('current'), db.outboxJobs.where('state').anyOf(WAITING_STATES).primaryKeys()]),
  ).subscribe({ next: listener, error: () => {} });
  return () => subscription.unsubscribe();
}
