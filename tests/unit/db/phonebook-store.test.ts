// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import * as store from '../../../src/db/phonebook-store';

const contact = (id: number, extra: Partial<store.ContactInput> = {}): store.ContactInput => ({
  profile_id: 7,
  id,
  group_id: 1,
  firstname: `Ama${id}`,
  middlename: '',
  surname: 'Owusu',
  email: '',
  phonenumber: `23324${String(id).padStart(7, '0')}`,
  birthday: '1990-03-04',
  consentsource: '',
  consentdate: '',
  referencekey: '',
  ...extra,
});

const shownIds = async (groupId = 1) => (await store.readContacts(7, groupId)).map((c) => c.id);

describe('phone book store: merging the gateway’s contacts', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    // The account whose rows these are is signed in (an account's rows are written only then: signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
  });

  it('writes only new or changed contacts, each with its lower-case search text', async () => {
    expect(await store.mergeContacts(7, [contact(1), contact(2), contact(3)])).toBe(3);
    expect(await store.mergeContacts(7, [contact(1), contact(2, { surname: 'MENSAH' }), contact(3)])).toBe(1);
    expect(await store.mergeContacts(7, [contact(1), contact(2, { surname: 'MENSAH' })])).toBe(0);
    const two = await store.readContact(7, 2);
    expect(two).toMatchObject({ surname: 'MENSAH' });
    expect(two?.search).toContain('mensah');
    expect(two?.search).toContain('4 mar 1990');
  });

  it('never brings back a contact deleted on the device while the gateway still lists it', async () => {
    await store.mergeContacts(7, [contact(1), contact(2), contact(3)]);
    await store.markContactsDeleted(7, [2, 3], true);
    await store.mergeContacts(7, [contact(1), contact(2, { firstname: 'Changed elsewhere' })]);
    // Moved to another book elsewhere: still deleted here.
    await store.mergeContacts(7, [contact(3, { group_id: 2 })]);
    expect(await shownIds(2)).toEqual([]);
    await store.replaceContacts(7, 1, [contact(1), contact(2)]);
    expect(await shownIds()).toEqual([1]);
    expect(await store.pendingDeletions(7)).toEqual({ groups: [], contacts: [2, 3] });
  });

  it('does not bring back a book or contact whose deletion the gateway confirmed, from a list fetched before', async () => {
    const group = { profile_id: 7, username: 'demo', setuptime: '2026-01-01', contactcount: 1, client: false };
    await store.replaceGroups(7, false, [
      { ...group, id: 1, groupname: 'Choir' },
      { ...group, id: 2, groupname: 'Staff' },
    ]);
    await store.mergeContacts(7, [contact(1), contact(2), contact(3, { group_id: 2 })]);
    const fetchedBefore = store.listStamp();
    await store.removeContacts(7, [2]);
    await store.removeGroups(7, [2]);
    await store.replaceContacts(7, 1, [contact(1), contact(2)], fetchedBefore);
    await store.mergeContacts(7, [contact(3, { group_id: 2 })], fetchedBefore);
    const books = [
      { ...group, id: 1, groupname: 'Choir' },
      { ...group, id: 2, groupname: 'Staff' },
    ];
    await store.replaceGroups(7, false, books, fetchedBefore);
    expect(await shownIds()).toEqual([1]);
    expect(await shownIds(2)).toEqual([]);
    expect((await store.readGroups(7)).map((g) => g.id)).toEqual([1]);
    // A list fetched after the deletion is the gateway's word.
    await store.replaceGroups(7, false, books);
    expect((await store.readGroups(7)).map((g) => g.id)).toEqual([2, 1]);
  });

  it('drops contacts the gateway no longer lists, pending deletions included, but keeps ones newer than the list', async () => {
    await store.mergeContacts(7, [contact(1), contact(2), contact(3), contact(4), contact(9, { group_id: 2 })]);
    await store.markContactsDeleted(7, [2], true);
    expect(await store.dropContactsNotIn(7, 1, new Set([1]), 3)).toBe(2);
    expect(await shownIds()).toEqual([4, 1]);
    expect(await shownIds(2)).toEqual([9]);
    expect(await store.pendingDeletions(7)).toEqual({ groups: [], contacts: [] });
  });

  it('puts a refused deletion back, out of the pending index', async () => {
    await store.mergeContacts(7, [contact(1), contact(2)]);
    await store.markContactsDeleted(7, [1, 2], true);
    expect(await shownIds()).toEqual([]);
    await store.markContactsDeleted(7, [1], false);
    expect(await shownIds()).toEqual([1]);
    expect(await store.pendingDeletions(7)).toEqual({ groups: [], contacts: [2] });
    expect((await store.readContact(7, 1))?.pendingDelete).toBeUndefined();
  });

  it('reads a book larger than one read step whole, newest first, and answers its newest ids and count', async () => {
    const n = store.CONTACT_CHUNK * 2 + 17;
    await store.mergeContacts(
      7,
      Array.from({ length: n }, (_, i) => contact(i + 1)),
    );
    await store.mergeContacts(7, [contact(n + 5, { group_id: 2 })]);
    await store.markContactsDeleted(7, [n], true);
    const ids = await shownIds();
    expect(ids).toHaveLength(n - 1);
    expect(ids.slice(0, 2)).toEqual([n - 1, n - 2]);
    expect(ids.at(-1)).toBe(1);
    expect(await store.newestContactIds(7, 1, 3)).toEqual([n, n - 1, n - 2]);
    expect(await store.countStoredContacts(7, 1)).toBe(n);
  });

  it('tells a listener about every write to the contacts', async () => {
    let calls = 0;
    const off = store.onContactsChanged(() => (calls += 1));
    await store.mergeContacts(7, [contact(1)]);
    await store.markContactsDeleted(7, [1], true);
    off();
    await store.mergeContacts(7, [contact(2)]);
    expect(calls).toBe(2);
  });
});
