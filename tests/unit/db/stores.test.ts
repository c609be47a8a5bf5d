import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkMessageSchema } from '../../../src/domain/contract/messages';
import { db } from '../../../src/db/db';
import { putListItems, putRefreshedItems, readListRows } from '../../../src/db/list-store';
import * as phonebook from '../../../src/db/phonebook-store';
import { badgeCount, jobsOf, nextRunnableJob } from '../../../src/db/outbox-store';
import { saveSignIn, wipeAccount } from '../../../src/db/session-store';
import { readSmppAccess, saveSmppAccess } from '../../../src/db/smpp-access-store';
import { enqueue } from '../../../src/outbox/enqueue';
import type { StoredContact, StoredGroup, StoredListItem } from '../../../src/db/app-db';
import { makeItem, makeUser } from '../domain/factories';
import { storedGroup } from '../support/factories';

const row = (itemId: string, sortKey: number, data: Record<string, unknown> = {}): StoredListItem => ({
  profile_id: 7,
  list: 'quick-own',
  itemId,
  sortKey,
  data: BulkMessageSchema.parse({ message_id: itemId, ...data }),
});
const group = (id: number, extra: Partial<StoredGroup> = {}): StoredGroup =>
  storedGroup(id, { setuptime: `2026-01-0${id}T00:00:00Z`, ...extra });
const contact = (id: number, groupId: number): StoredContact => ({
  profile_id: 7,
  id,
  group_id: groupId,
  firstname: `C${id}`,
  middlename: '',
  surname: '',
  email: '',
  phonenumber: `23324000000${id}`,
  birthday: '',
  consentsource: '',
  consentdate: '',
  referencekey: '',
});

describe('device stores', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    // Account 7 is signed in: an account's rows are written only then (src/db/signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
  });

  it('keeps one row per message id, newest first, filtered by search outside ids', async () => {
    await putListItems([
      row('1', 100, { shortMessage: 'Old news' }),
      row('2', 300, { shortMessage: 'Fresh' }),
      row('3', 200, { shortMessage: 'Middle' }),
    ]);
    await putListItems([row('2', 300, { shortMessage: 'Fresh, status updated' })]);
    expect((await readListRows(7, 'quick-own', '')).map((r) => r.itemId)).toEqual(['2', '3', '1']);
    expect((await readListRows(7, 'quick-own', 'STATUS')).map((r) => r.itemId)).toEqual(['2']);
    expect(await readListRows(7, 'quick-own', '3')).toEqual([]);
    expect((await readListRows(7, 'quick-own', '', 2)).map((r) => r.itemId)).toEqual(['2', '3']);
    expect(await readListRows(8, 'quick-own', '')).toEqual([]);
  });

  it('a refreshed page writes only its new and changed rows, and says whether it met a stored one', async () => {
    await putListItems([row('1', 100, { shortMessage: 'Same' }), row('2', 200, { shortMessage: 'Going' })]);
    const bulkPut = vi.spyOn(db.listItems, 'bulkPut');
    try {
      expect(await putRefreshedItems([row('1', 100, { shortMessage: 'Same' })])).toEqual({ metStored: true });
      expect(bulkPut).not.toHaveBeenCalled();
      const refreshed = [
        row('3', 300),
        row('2', 200, { shortMessage: 'Gone' }),
        row('1', 100, { shortMessage: 'Same' }),
      ];
      expect(await putRefreshedItems(refreshed)).toEqual({ metStored: true });
      expect(bulkPut.mock.calls.map(([rows]) => rows.map((r) => r.itemId))).toEqual([['3', '2']]);
      expect(await putRefreshedItems([row('9', 900)])).toEqual({ metStored: false });
    } finally {
      bulkPut.mockRestore();
    }
    expect((await readListRows(7, 'quick-own', '')).map((r) => [r.itemId, r.data.shortMessage])).toEqual([
      ['9', ''],
      ['3', ''],
      ['2', 'Gone'],
      ['1', 'Same'],
    ]);
  });

  it('hides phone books and contacts deleted on the device, keeps them hidden across a refresh, and puts them back', async () => {
    await phonebook.replaceGroups(7, false, [group(1), group(2)]);
    await phonebook.replaceContacts(7, 1, [contact(1, 1), contact(2, 1)]);
    await phonebook.markGroupsDeleted(7, [1], true);
    await phonebook.markContactsDeleted(7, [2], true);
    expect((await phonebook.readGroups(7)).map((g) => g.id)).toEqual([2]);
    expect((await phonebook.readContacts(7, 1)).map((c) => c.id)).toEqual([1]);
    await phonebook.replaceGroups(7, false, [group(1), group(2), group(3)]);
    await phonebook.replaceContacts(7, 1, [contact(1, 1), contact(2, 1)]);
    expect((await phonebook.readGroups(7)).map((g) => g.id)).toEqual([3, 2]);
    expect(await phonebook.pendingDeletions(7)).toEqual({ groups: [1], contacts: [2] });
    await phonebook.markGroupsDeleted(7, [1], false);
    expect((await phonebook.readGroups(7)).map((g) => g.id)).toEqual([3, 2, 1]);
    await phonebook.removeGroups(7, [1]);
    expect(await phonebook.readContacts(7, 1)).toEqual([]);
  });

  it('keeps own and client phone books apart when either is replaced', async () => {
    await phonebook.replaceGroups(7, false, [group(1)]);
    await phonebook.replaceGroups(7, true, [group(5, { client: true })]);
    await phonebook.replaceGroups(7, false, [group(2)]);
    expect((await phonebook.readGroups(7)).map((g) => g.id)).toEqual([2]);
    expect((await phonebook.readGroups(7, true)).map((g) => g.id)).toEqual([5]);
  });

  it('sign-out wipes the mirrors and the draft but keeps the account’s queued sends, bound to it', async () => {
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    const id = await enqueue({ items: [makeItem({ destinationAddress: '0241234567,0241234568' })] });
    await db.drafts.put({ profile_id: 7, fields: { text: 'x' }, updatedAt: 1 });
    await putListItems([row('1', 1)]);
    await db.developerData.put({
      profile_id: 7,
      keys: [],
      endpoints: { live: [], test: [] },
      secrets: { live: { set: false }, test: { set: false } },
      fetchedAt: 1,
    } as never);
    saveSmppAccess(7, { systemId: 'demo7' } as never);
    expect(readSmppAccess(7)).toEqual({ systemId: 'demo7' });
    // A phone book and a contact deleted offline, not yet sent: kept for the next sign-in to send.
    await db.groups.bulkPut([group(1), group(2, { pendingDelete: 1 })]);
    await wipeAccount(7);
    expect(await db.drafts.count()).toBe(0);
    expect(await db.listItems.count()).toBe(0);
    expect(await db.developerData.count()).toBe(0);
    expect(readSmppAccess(7)).toBeNull();
    expect((await db.groups.toArray()).map((g) => [g.id, g.pendingDelete])).toEqual([[2, 1]]);
    expect((await jobsOf(7)).map((j) => [j.id, j.profile_id, j.state])).toEqual([[id, 7, 'queued']]);
    expect(await nextRunnableJob(7, 1)).toMatchObject({ id });
  });

  it('counts on the app icon’s badge the signed-in account’s waiting and refused sends only, none signed out', async () => {
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    await enqueue({ profile_id: 7, items: [makeItem()] });
    const refused = await enqueue({ profile_id: 7, items: [makeItem()] });
    await db.outboxJobs.update(refused, { state: 'failed' });
    await enqueue({ profile_id: 8, items: [makeItem()] });
    expect(await badgeCount()).toBe(2);
    await wipeAccount(7);
    expect(await badgeCount()).toBe(0);
    await saveSignIn(makeUser({ profile_id: 8 }), 2);
    expect(await badgeCount()).toBe(1);
  });

  it('runs a paused job only under a newer sign-in than the one that met Invalid Token', async () => {
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    const id = await enqueue({ items: [makeItem()] });
    await db.outboxJobs.update(id, { state: 'paused', pausedSignIn: 1 });
    expect(await nextRunnableJob(7, 1)).toBeUndefined();
    expect(await nextRunnableJob(7, 2)).toMatchObject({ id });
  });
});
