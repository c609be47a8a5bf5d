import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { saveSignIn } from '../../../src/db/session-store';
import { enqueue } from '../../../src/outbox/enqueue';
import { joinBatchItems } from '../../../src/outbox/job-items';
import { makeItem, makeUser } from '../domain/factories';

const numbers = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `2332400${String(from + i).padStart(5, '0')}`);

describe('enqueue', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores one job and its messages in records of 100, without the network', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const items = [
      makeItem({ destinationAddress: numbers(250).join(',') }),
      ...numbers(30, 500).map((n) => makeItem({ destinationAddress: n, shortMessage: `Hi ${n}` })),
    ];
    const id = await enqueue({ items, campaign: 'Launch' });
    const job = await db.outboxJobs.get(id);
    expect(job).toMatchObject({
      profile_id: 7,
      state: 'queued',
      total: 280,
      sent: 0,
      batchCount: 3,
      nextBatch: 0,
      split: false,
      senderIds: ['DEMO'],
    });
    expect(job?.summary).toEqual({ messageType: 'quick sms', text: 'Hello', campaign: 'Launch' });
    const batches = await db.outboxBatches.where('jobId').equals(id).sortBy('index');
    expect(batches.map((b) => [b.from, b.to])).toEqual([
      [0, 99],
      [100, 199],
      [200, 279],
    ]);
    expect(joinBatchItems(batches)).toEqual(items);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps personalized rows of one text apart when their values differ: each keeps its own', () => {
    const row = (n: string, name: string) =>
      makeItem({ destinationAddress: n, shortMessage: 'Hi', template: 'Hi', fields: { numbers: n, name } });
    const items = [row('233240000001', 'Ama'), row('233240000002', 'Kofi')];
    expect(joinBatchItems([{ items: [items[0]!] }, { items: [items[1]!] }])).toEqual(items);
  });

  it('stores nothing when a batch record cannot be written (one transaction)', async () => {
    const failing = () => {
      throw new Error('disk full');
    };
    db.outboxBatches.hook('creating', failing);
    try {
      await expect(enqueue({ items: [makeItem({ destinationAddress: numbers(150).join(',') })] })).rejects.toThrow();
    } finally {
      db.outboxBatches.hook('creating').unsubscribe(failing);
    }
    expect(await db.outboxJobs.count()).toBe(0);
    expect(await db.outboxBatches.count()).toBe(0);
  });

  it('empties the account’s draft and its sheet in the job’s transaction, or neither when the job is not stored', async () => {
    const sent = { text: 'Sent once', numbers: '0241000001', source: 'excel' };
    const sheet = { profile_id: 7, chunk: -1, columns: [['0241000001']] };
    await db.drafts.put({ profile_id: 7, fields: sent, updatedAt: 1 });
    await db.draftSheets.put(sheet);
    const failing = () => {
      throw new Error('disk full');
    };
    db.outboxBatches.hook('creating', failing);
    try {
      await expect(enqueue({ items: [makeItem()], form: sent, draftAfter: { text: '' } })).rejects.toThrow();
    } finally {
      db.outboxBatches.hook('creating').unsubscribe(failing);
    }
    expect((await db.drafts.get(7))?.fields).toEqual(sent);
    expect(await db.draftSheets.count()).toBe(1);

    const id = await enqueue({ items: [makeItem()], form: sent, draftAfter: { text: '', senderId: 'DEMO' } });
    expect((await db.drafts.get(7))?.fields).toEqual({ text: '', senderId: 'DEMO' });
    expect(await db.draftSheets.count()).toBe(0);
    // The job keeps the sheet it was sent from, for "Edit and send again".
    expect(await db.jobSheets.where('jobId').equals(id).count()).toBe(1);
  });

  it('asks for persistent storage once, on the first job', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    vi.resetModules();
    const fresh = await import('../../../src/outbox/enqueue');
    const freshDb = (await import('../../../src/db/db')).db;
    await fresh.enqueue({ items: [makeItem()] });
    await fresh.enqueue({ items: [makeItem()] });
    expect(persist).toHaveBeenCalledTimes(1);
    // Left open: files share this worker's modules (isolate: false), so the files after this one import
    // this fresh instance, and one closed here failed their first use (DatabaseClosedError).
    expect(freshDb.isOpen()).toBe(true);
  });

  it('refuses a send with no recipients or without an account', async () => {
    await expect(enqueue({ items: [makeItem({ destinationAddress: ' , ' })] })).rejects.toThrow('No recipients');
    await db.session.clear();
    await expect(enqueue({ items: [makeItem()] })).rejects.toThrow('Sign in');
  });
});
