import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import { readDraft, saveDraft } from '../../../src/db/draft-store';
import { readDraftSheet, saveDraftSheet } from '../../../src/db/draft-sheet-store';
import { removeFinishedJob, restoreJobToDraft, resumeFailedJob, updateJob } from '../../../src/db/outbox-store';
import { enqueue } from '../../../src/outbox/enqueue';
import { makeItem } from '../domain/factories';

// A send the gateway refuses goes back into the form with everything it had.

describe('a refused send back into the form', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    // Account 7 is signed in: an account's rows are written only then (src/db/signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
  });

  const sheet = {
    fileName: 'customers.xlsx',
    sheet: 'Customers',
    headings: ['numbers', 'name'],
    table: {
      keys: ['numbers', 'name'],
      columns: [
        ['233241000001', '233241000002'],
        ['Ama', 'Kofi'],
      ],
      length: 2,
    },
  };
  const form = {
    messageType: 'quick',
    subtype: 'personalized',
    source: 'excel',
    senderId: 'DEMO',
    text: 'Hi {name}',
    campaign: 'C1',
  };

  it('restores the fields and the loaded sheet of a failed job, then drops the job', async () => {
    await saveDraftSheet(7, sheet);
    const id = await enqueue({ profile_id: 7, items: [makeItem({ destinationAddress: '233241000001' })], form });
    // The form is reset once queued: draft and sheet are gone, the job keeps its copies.
    await saveDraft(7, {});
    await db.draftSheets.clear();
    expect(await restoreJobToDraft(id)).toBe(false); // still queued: nothing to edit
    await updateJob(id, { state: 'failed', error: 'needs 2, you have 0' });
    expect(await restoreJobToDraft(id)).toBe(true);
    expect((await readDraft(7))?.fields).toEqual(form);
    expect(await readDraftSheet(7)).toEqual(sheet);
    expect(await db.outboxJobs.get(id)).toBeUndefined();
    expect(await db.jobSheets.count()).toBe(0);
    expect(await db.outboxBatches.count()).toBe(0);
  });

  it('never lets a change typed before the send land after it: the emptied draft stays empty', async () => {
    const typedAt = Date.now() - 50;
    await enqueue({ profile_id: 7, items: [makeItem()], form, draftAfter: { text: '' } });
    // The form's debounced save of what was typed just before Send fires after the send was queued.
    await saveDraft(7, form, typedAt);
    expect((await readDraft(7))?.fields).toEqual({ text: '' });
    // A later change is saved; so is any change once the phone's clock was set back behind the stored one.
    await saveDraft(7, { text: 'Next message' });
    expect((await readDraft(7))?.fields).toEqual({ text: 'Next message' });
    await db.drafts.update(7, { updatedAt: Date.now() + 3_600_000 });
    await saveDraft(7, { text: 'After the clock went back' });
    expect((await readDraft(7))?.fields).toEqual({ text: 'After the clock went back' });
  });

  it('keeps a refused job, not restored, once its account has signed out (its draft would not be kept)', async () => {
    const id = await enqueue({ profile_id: 7, items: [makeItem({ destinationAddress: '233241000001' })], form });
    await updateJob(id, { state: 'failed', error: 'needs 2, you have 0' });
    await db.session.clear();
    expect(await restoreJobToDraft(id)).toBe(false);
    expect(await db.outboxJobs.get(id)).toMatchObject({ state: 'failed', form });
    expect(await db.drafts.count()).toBe(0);
  });

  it('never puts back a send refused part-way (its first batches were accepted): it goes on as it is instead', async () => {
    const id = await enqueue({ profile_id: 7, items: [makeItem({ destinationAddress: '233241000001' })], form });
    await saveDraft(7, {});
    // Batches 0-4 accepted, then the gateway said no (the credit ran out).
    await updateJob(id, {
      state: 'failed',
      error: 'needs 2, you have 0',
      split: true,
      sent: 500,
      nextBatch: 5,
      attempts: 3,
    });
    expect(await restoreJobToDraft(id)).toBe(false);
    expect((await readDraft(7))?.fields).toEqual({});
    expect(await db.outboxJobs.get(id)).toMatchObject({ state: 'failed', sent: 500 });
    expect(await resumeFailedJob(id, 1_000)).toBe(true);
    // The same job, its batches and its place kept: the same idempotency keys, from batch 5 on.
    const job = await db.outboxJobs.get(id);
    expect(job).toMatchObject({ state: 'queued', sent: 500, nextBatch: 5, split: true, attempts: 0, updatedAt: 1_000 });
    expect(job?.error).toBeUndefined();
    expect(await db.outboxBatches.where('jobId').equals(id).count()).toBe(1);
    expect(await resumeFailedJob(id)).toBe(false); // not failed any more
    const whole = await enqueue({ profile_id: 7, items: [makeItem()], form });
    await updateJob(whole, { state: 'failed' });
    expect(await resumeFailedJob(whole)).toBe(false); // nothing was sent: edit it instead
  });

  it('keeps no sheet for a send not made from one, and a discarded job leaves nothing behind', async () => {
    await saveDraftSheet(7, sheet);
    const manual = await enqueue({ profile_id: 7, items: [makeItem()], form: { ...form, source: 'manual' } });
    expect(await db.jobSheets.count()).toBe(0);
    const fromSheet = await enqueue({ profile_id: 7, items: [makeItem()], form });
    expect(await db.jobSheets.where('jobId').equals(fromSheet).count()).toBe(2);
    await updateJob(fromSheet, { state: 'failed' });
    expect(await removeFinishedJob(fromSheet)).toBe(true);
    expect(await db.jobSheets.count()).toBe(0);
    expect(await db.outboxJobs.get(manual)).toBeDefined();
  });
});
