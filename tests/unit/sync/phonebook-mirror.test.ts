// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContactSheet } from '../../../src/domain/contacts/contact-sheet';
import { importContacts } from '../../../src/sync/contact-import';
import { pendingDeletions, readContacts, readGroups } from '../../../src/db/phonebook-store';
import * as sync from '../../../src/sync/phonebook-sync';
import { signInAs, startLiveGateway, type LiveGateway } from '../outbox/support/live-gateway';
import { resetDevice } from '../outbox/support/drain-helpers';

const sheetOf = (n: number, first = 0) => {
  const sheet = readContactSheet([
    ['firstname', 'phonenumber'],
    ...Array.from({ length: n }, (_, i) => [`P${first + i}`, `23324${String(first + i).padStart(7, '0')}`]),
  ]);
  if (!sheet.ok) throw new Error(sheet.message);
  return sheet.sheet.table;
};

const noFields = { middlename: '', surname: '', email: '', birthday: '', consentsource: '', consentdate: '' };

describe('phone book mirror: only what changed', () => {
  let live: LiveGateway;
  let profileId: number;
  let choir: number;
  const contactPages = () => live.requests.filter((r) => r.path.endsWith('groupcontacts')).length;
  const stored = async () => (await readContacts(profileId, choir)).map((c) => c.id);
  const onGateway = async () =>
    (await live.gw.ctx.db.selectFrom('contacts').select('id').where('group_id', '=', choir).execute())
      .map((c) => c.id)
      .sort((a, b) => b - a);

  beforeEach(async () => {
    await resetDevice();
    live = await startLiveGateway();
    profileId = (await signInAs(live)).profile_id;
    await sync.createGroup('Choir');
    choir = (await readGroups(profileId)).find((g) => g.groupname === 'Choir')!.id;
    expect(await importContacts(choir, 'Choir', sheetOf(1205))).toMatchObject({ status: 'done', inserted: 1205 });
  });
  afterEach(() => live.close());

  it('puts an import’s contacts on the device without fetching again the ones it holds', async () => {
    expect(await stored()).toEqual(await onGateway());
    expect((await readGroups(profileId)).find((g) => g.id === choir)?.contactcount).toBe(1205);
    live.requests.length = 0;
    expect(await importContacts(choir, 'Choir', sheetOf(10, 5000))).toMatchObject({ status: 'done', inserted: 10 });
    // One page for the count before loading, one for the new contacts: the other 1,205 are not fetched.
    expect(contactPages()).toBe(2);
    expect(await stored()).toEqual(await onGateway());
    expect((await readGroups(profileId)).find((g) => g.id === choir)?.contactcount).toBe(1215);
  });

  it('reopening a whole book asks for one page only', async () => {
    live.requests.length = 0;
    await sync.checkGroupContacts(choir);
    expect(contactPages()).toBe(1);
    expect(await stored()).toEqual(await onGateway());
  });

  it('merges a book changed elsewhere: gone contacts dropped, an offline deletion kept hidden and sent later', async () => {
    const [newest, , third] = await onGateway();
    await live.gw.ctx.db.deleteFrom('contacts').where('id', '=', third!).execute();
    live.intercept = () => {
      throw new TypeError('fetch failed');
    };
    expect(await sync.deleteContacts([newest!])).toBe('pending');
    live.intercept = null;

    await sync.checkGroupContacts(choir);
    const left = await stored();
    expect(left).toHaveLength(1203);
    expect(left).not.toContain(third);
    expect(left).not.toContain(newest);
    expect(await pendingDeletions(profileId)).toEqual({ groups: [], contacts: [newest] });

    await sync.flushPendingDeletions();
    expect(await onGateway()).toEqual(left);
    expect(await pendingDeletions(profileId)).toEqual({ groups: [], contacts: [] });
  });

  it('keeps a contact added while the book was being read', async () => {
    let added = false;
    live.intercept = async (path, init) => {
      if (!added && path.endsWith('groupcontacts') && String(init.body).includes('"pageNum":2')) {
        added = true;
        await sync.createContact(choir, 'Choir', { firstname: 'Late', phonenumber: '233249999999', ...noFields });
      }
      return undefined;
    };
    // Page 2 then starts one row later: the new contact is on no page read, and must not be taken for a gone one.
    await sync.refreshGroupContacts(choir);
    expect(added).toBe(true);
    const late = await stored();
    expect(late).toHaveLength(1206);
    expect(late).toEqual(await onGateway());
  });
});
