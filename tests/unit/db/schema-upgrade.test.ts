import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { AppDb, type OutboxJob } from '../../../src/db/app-db';
import { declaredVersions, SCHEMA_VERSIONS, type SchemaVersion } from '../../../src/db/schema-versions';
import { makeItem } from '../domain/factories';
import { BulkMessageSchema } from '../../../src/domain/contract/messages';

const NAME = 'upgrade-test';

const job = (id: string, state: OutboxJob['state']): OutboxJob => ({
  id,
  profile_id: 7,
  state,
  createdAt: 1,
  updatedAt: 1,
  total: 150,
  sent: 100,
  batchCount: 2,
  nextBatch: 1,
  split: true,
  bytes: 9000,
  attempts: 0,
  notBefore: 0,
  lastSentAt: 1,
  senderIds: ['DEMO'],
  summary: { messageType: 'quick sms', text: 'Hello', campaign: '' },
});

const V1 = SCHEMA_VERSIONS.slice(0, 1);

/** A database as the app before declaredVersions opened it: every version declared, each over the last. */
class EveryVersionDb extends Dexie {
  constructor(name: string, versions: readonly SchemaVersion[]) {
    super(name);
    for (const v of versions) {
      const declared = this.version(v.version).stores(v.stores);
      if (v.upgrade) declared.upgrade(v.upgrade);
    }
  }
}

/** What IndexedDB itself holds: each store's key and indexes, and the version. */
async function installedSchema(name: string) {
  const db = await new Promise<IDBDatabase>((done, fail) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => done(open.result);
    open.onerror = () => fail(open.error);
  });
  const tx = db.transaction([...db.objectStoreNames], 'readonly');
  const stores = [...db.objectStoreNames].map((store) => {
    const s = tx.objectStore(store);
    const indexes = [...s.indexNames].map((n) => {
      const i = s.index(n);
      return [n, i.keyPath, i.unique, i.multiEntry];
    });
    return [store, s.keyPath, s.autoIncrement, indexes];
  });
  const version = db.version;
  db.close();
  return { version, stores };
}
const LATEST = SCHEMA_VERSIONS.at(-1)!.version;

// What the next shipped version could look like: a new index, a new store, a store rebuilt, and jobs rewritten.
const VERSION_NEXT: SchemaVersion = {
  version: LATEST + 1,
  stores: {
    outboxJobs: '&id, [profile_id+createdAt], profile_id, state, updatedAt',
    listItems: null,
    listItems2: '&[profile_id+list+itemId], [profile_id+list+sortKey], profile_id',
    notices: '++id',
  },
  upgrade: async (tx) => {
    await tx
      .table('outboxJobs')
      .toCollection()
      .modify((j: OutboxJob & { priority?: number }) => {
        j.priority = j.state === 'paused' ? 0 : 1;
      });
  },
};

describe('schema versions', () => {
  afterEach(() => Dexie.delete(NAME));

  it('keeps every queued job, its batch records and every draft through an upgrade to the next version', async () => {
    const v1 = new AppDb(NAME, V1);
    await v1.outboxJobs.bulkAdd([job('a', 'queued'), job('b', 'paused'), job('c', 'sending')]);
    await v1.outboxBatches.bulkAdd([
      { jobId: 'a', index: 0, from: 0, to: 99, items: [makeItem()] },
      { jobId: 'a', index: 1, from: 100, to: 149, items: [makeItem({ destinationAddress: '0241111111' })] },
    ]);
    await v1.drafts.bulkAdd([
      { profile_id: 7, fields: { text: 'Half typed', senderId: 'DEMO' }, updatedAt: 5 },
      { profile_id: 8, fields: { text: 'Other account' }, updatedAt: 6 },
    ]);
    await v1.listItems.add({
      profile_id: 7,
      list: 'quick-own',
      itemId: '1',
      sortKey: 1,
      data: BulkMessageSchema.parse({ message_id: '1' }),
    });
    v1.close();

    const v2 = new AppDb(NAME, [...SCHEMA_VERSIONS, VERSION_NEXT]);
    await v2.open();
    expect(v2.verno).toBe(LATEST + 1);
    const jobs = await v2.outboxJobs.orderBy('id').toArray();
    expect(jobs.map((j) => [j.id, j.state, j.nextBatch, (j as { priority?: number }).priority])).toEqual([
      ['a', 'queued', 1, 1],
      ['b', 'paused', 1, 0],
      ['c', 'sending', 1, 1],
    ]);
    expect(await v2.outboxBatches.where('jobId').equals('a').count()).toBe(2);
    expect((await v2.outboxBatches.get(['a', 1]))?.items[0]?.destinationAddress).toBe('0241111111');
    expect(await v2.drafts.toArray()).toEqual([
      { profile_id: 7, fields: { text: 'Half typed', senderId: 'DEMO' }, updatedAt: 5 },
      { profile_id: 8, fields: { text: 'Other account' }, updatedAt: 6 },
    ]);
    expect(await v2.table('outboxJobs').where('updatedAt').equals(1).count()).toBe(3);
    v2.close();
  });

  it('upgrades version 1 to version 2 (the draft sheet store) keeping jobs, batches and drafts', async () => {
    const v1 = new AppDb(NAME, V1);
    await v1.outboxJobs.bulkAdd([job('a', 'queued'), job('b', 'paused')]);
    await v1.outboxBatches.add({ jobId: 'a', index: 0, from: 0, to: 0, items: [makeItem()] });
    await v1.drafts.add({ profile_id: 7, fields: { text: 'Half typed', source: 'excel' }, updatedAt: 5 });
    v1.close();

    const v2 = new AppDb(NAME, SCHEMA_VERSIONS.slice(0, 2));
    await v2.open();
    expect(v2.verno).toBe(2);
    expect((await v2.outboxJobs.orderBy('id').toArray()).map((j) => [j.id, j.state])).toEqual([
      ['a', 'queued'],
      ['b', 'paused'],
    ]);
    expect(await v2.outboxBatches.count()).toBe(1);
    expect(await v2.drafts.get(7)).toEqual({
      profile_id: 7,
      fields: { text: 'Half typed', source: 'excel' },
      updatedAt: 5,
    });
    await v2.draftSheets.bulkAdd([
      {
        profile_id: 7,
        chunk: -1,
        head: {
          fileName: 'a.csv',
          sheet: 'Sheet1',
          headings: ['numbers'],
          keys: ['numbers'],
          length: 1,
          chunks: 1,
          savedAt: 1,
        },
      },
      { profile_id: 7, chunk: 0, columns: [['0241000001']] },
    ]);
    expect(await v2.draftSheets.where('profile_id').equals(7).count()).toBe(2);
    v2.close();
  });

  it('upgrades version 4 to 5 keeping every phone book and contact, pending deletions as an indexed 1, search text added', async () => {
    const v4 = new AppDb(NAME, SCHEMA_VERSIONS.slice(0, 4));
    const group = { profile_id: 7, username: 'demo', setuptime: '2026-01-01', contactcount: 2, client: false };
    await v4.groups.bulkAdd([
      { ...group, id: 1, groupname: 'Choir' },
      { ...group, id: 2, groupname: 'Staff', pendingDelete: true },
      { ...group, id: 3, groupname: 'Old', pendingDelete: false },
    ] as never[]);
    const contact = { profile_id: 7, group_id: 1, middlename: '', email: '', referencekey: 'r' };
    await v4.contacts.bulkAdd([
      { ...contact, id: 10, firstname: 'Ama', surname: 'OWUSU', phonenumber: '233241000001', birthday: '1990-03-04' },
      {
        ...contact,
        id: 11,
        firstname: 'Kofi',
        surname: '',
        phonenumber: '233241000002',
        birthday: '',
        pendingDelete: true,
      },
      { ...contact, id: 12, firstname: 'Esi', surname: '', phonenumber: '', birthday: '', pendingDelete: false },
    ] as never[]);
    await v4.outboxJobs.add(job('a', 'queued'));
    v4.close();

    const v5 = new AppDb(NAME, SCHEMA_VERSIONS.slice(0, 5));
    await v5.open();
    expect(v5.verno).toBe(5);
    expect((await v5.groups.toArray()).map((g) => [g.id, g.groupname, g.pendingDelete])).toEqual([
      [1, 'Choir', undefined],
      [2, 'Staff', 1],
      [3, 'Old', undefined],
    ]);
    const contacts = await v5.contacts.toArray();
    expect(contacts.map((c) => [c.id, c.firstname, c.pendingDelete, 'pendingDelete' in c])).toEqual([
      [10, 'Ama', undefined, false],
      [11, 'Kofi', 1, true],
      [12, 'Esi', undefined, false],
    ]);
    expect(contacts[0]!.search).toBe('ama\n\nowusu\n\n233241000001\n024 100 0001\n1990-03-04\n4 mar 1990');
    expect(await v5.contacts.where('[profile_id+pendingDelete]').equals([7, 1]).primaryKeys()).toEqual([[7, 11]]);
    expect(await v5.groups.where('[profile_id+pendingDelete]').equals([7, 1]).primaryKeys()).toEqual([[7, 2]]);
    expect(await v5.contacts.where('[profile_id+group_id+id]').between([7, 1, 11], [7, 1, Infinity]).count()).toBe(2);
    expect((await v5.outboxJobs.toArray()).map((j) => j.id)).toEqual(['a']);
    v5.close();
  });

  it('upgrades version 10 to 11: stored contacts get empty consent fields, everything else kept', async () => {
    const v10 = new AppDb(
      NAME,
      SCHEMA_VERSIONS.filter((v) => v.version <= 10),
    );
    await v10.contacts.add({
      profile_id: 7,
      id: 10,
      group_id: 1,
      firstname: 'Ama',
      middlename: '',
      surname: '',
      email: '',
      phonenumber: '233241000001',
      birthday: '',
      referencekey: 'r',
      search: 'ama',
    } as never);
    await v10.outboxJobs.add(job('a', 'queued'));
    v10.close();

    const v11 = new AppDb(
      NAME,
      SCHEMA_VERSIONS.filter((v) => v.version <= 11),
    );
    await v11.open();
    expect(v11.verno).toBe(11);
    expect(await v11.contacts.toArray()).toEqual([
      expect.objectContaining({ id: 10, firstname: 'Ama', search: 'ama', consentsource: '', consentdate: '' }),
    ]);
    expect((await v11.outboxJobs.toArray()).map((j) => j.id)).toEqual(['a']);
    v11.close();
  });

  it('declares to Dexie only the versions with an upgrade or a deleted store, and the latest, each with every store up to it', () => {
    const declared = declaredVersions(SCHEMA_VERSIONS);
    expect(declared.map((v) => v.version)).toEqual([5, 11, LATEST]);
    expect(declared.map((v) => v.upgrade)).toEqual([
      SCHEMA_VERSIONS[4]!.upgrade,
      SCHEMA_VERSIONS.find((v) => v.version === 11)!.upgrade,
      undefined,
    ]);
    expect(Object.keys(declared[0]!.stores)).toEqual(
      expect.arrayContaining(['outboxJobs', 'draftSheets', 'jobSheets', 'contacts']),
    );
    expect(declared[0]!.stores.contacts).toBe(SCHEMA_VERSIONS[4]!.stores.contacts);
    expect(declared.at(-1)!.stores).toEqual(Object.assign({}, ...SCHEMA_VERSIONS.map((v) => v.stores)));
    expect(declaredVersions([...SCHEMA_VERSIONS, VERSION_NEXT]).map((v) => v.version)).toEqual([5, 11, LATEST + 1]);
    expect(
      declaredVersions([...SCHEMA_VERSIONS, VERSION_NEXT, { version: LATEST + 2, stores: { notices: null } }]).map(
        (v) => v.version,
      ),
    ).toEqual([5, 11, LATEST + 1, LATEST + 2]);
  });

  it('upgrades a database each shipped version installed, declared the old way, to what a new device gets, keeping its jobs', async () => {
    await new AppDb(NAME).open().then((db) => db.close());
    const fresh = await installedSchema(NAME);
    await Dexie.delete(NAME);
    for (const installed of SCHEMA_VERSIONS.slice(0, -1)) {
      const old = new EveryVersionDb(
        NAME,
        SCHEMA_VERSIONS.filter((v) => v.version <= installed.version),
      );
      await old.table('outboxJobs').add(job(`at-${installed.version}`, 'queued'));
      old.close();
      const now = new AppDb(NAME);
      await now.open();
      expect(now.verno).toBe(LATEST);
      expect((await now.outboxJobs.toArray()).map((j) => j.id)).toEqual([`at-${installed.version}`]);
      now.close();
      expect(await installedSchema(NAME)).toEqual(fresh);
      await Dexie.delete(NAME);
    }
  });

  it('declares every store of the data layer in version 1', () => {
    const stores = Object.keys(SCHEMA_VERSIONS[0]!.stores).sort();
    expect(stores).toEqual([
      'contacts',
      'domains',
      'drafts',
      'groups',
      'listItems',
      'listState',
      'outboxBatches',
      'outboxJobs',
      'session',
      'users',
    ]);
  });

  it('adds the draft sheet store in version 2, and only that', () => {
    expect(SCHEMA_VERSIONS[1]).toEqual({ version: 2, stores: { draftSheets: '&[profile_id+chunk], profile_id' } });
  });
});
