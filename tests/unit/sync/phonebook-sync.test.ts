// @vitest-environment node
import 'fake-indexeddb/auto';
import { readContactSheet } from '../../../src/domain/contacts/contact-sheet';
import { importContacts } from '../../../src/sync/contact-import';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContacts, readGroups } from '../../../src/db/phonebook-store';
import { wipeAccount } from '../../../src/db/session-store';
import { onAlert, type AppAlert } from '../../../src/notify/alerts-bus';
import * as sync from '../../../src/sync/phonebook-sync';
import { signInAs, startLiveGateway, type LiveGateway } from '../outbox/support/live-gateway';
import { resetDevice } from '../outbox/support/drain-helpers';

const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ error: { status: 'failed', message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('phone book mirrors against the real gateway', () => {
  let live: LiveGateway;
  let profileId: number;
  let alerts: AppAlert[];
  let offAlerts: () => void;
  const gatewayGroups = async () =>
    (await live.gw.ctx.db.selectFrom('groups').select('id').where('profile_id', '=', profileId).execute())
      .map((g) => g.id)
      .sort();

  beforeEach(async () => {
    await resetDevice();
    live = await startLiveGateway();
    profileId = (await signInAs(live)).profile_id;
    alerts = [];
    offAlerts = onAlert((a) => alerts.push(a));
    await sync.createGroup('Choir');
    await sync.createGroup('Staff');
    alerts.length = 0;
  });
  afterEach(async () => {
    offAlerts();
    await live.close();
  });

  it('mirrors the phone books and every contact of a book for offline reading', async () => {
    const choir = (await readGroups(profileId)).find((g) => g.groupname === 'Choir')!;
    const sheet = readContactSheet([
      ['firstname', 'phonenumber'],
      ...Array.from({ length: 1205 }, (_, i) => [`P${i}`, `23324${String(i).padStart(7, '0')}`]),
    ]);
    if (!sheet.ok) throw new Error(sheet.message);
    expect(await importContacts(choir.id, 'Choir', sheet.sheet.table)).toMatchObject({
      status: 'done',
      inserted: 1205,
    });
    await sync.refreshGroupContacts(choir.id);
    expect(await readContacts(profileId, choir.id)).toHaveLength(1205);
    expect((await readGroups(profileId)).find((g) => g.id === choir.id)?.contactcount).toBe(1205);
    expect((await readGroups(profileId)).map((g) => g.id).sort()).toEqual(await gatewayGroups());
  });

  it('removes a deleted phone book at once, then for good when the gateway agrees', async () => {
    const [staff] = (await readGroups(profileId)).filter((g) => g.groupname === 'Staff');
    let seenBeforeAnswer: number[] = [];
    live.intercept = async (path) => {
      if (path.endsWith('deletegroup')) seenBeforeAnswer = (await readGroups(profileId)).map((g) => g.id);
      return undefined;
    };
    expect(await sync.deleteGroups([staff!.id])).toBe('deleted');
    expect(seenBeforeAnswer).not.toContain(staff!.id);
    expect(await gatewayGroups()).not.toContain(staff!.id);
    expect(alerts.map((a) => a.severity)).toEqual(['success']);
  });

  it('puts a phone book back, with the gateway’s message as a warning, when the deletion is refused', async () => {
    const before = (await readGroups(profileId)).map((g) => g.id);
    live.intercept = (path) =>
      path.endsWith('deletegroup') ? refusal(403, 'You are not allowed to do this') : undefined;
    expect(await sync.deleteGroups([before[0]!])).toBe('refused');
    expect((await readGroups(profileId)).map((g) => g.id)).toEqual(before);
    expect(alerts).toMatchObject([{ message: 'You are not allowed to do this', severity: 'warning' }]);
  });

  it('keeps an offline deletion hidden and sends it when the network is back', async () => {
    const choir = (await readGroups(profileId)).find((g) => g.groupname === 'Choir')!;
    await sync.createContact(choir.id, 'Choir', {
      firstname: 'Ama',
      middlename: '',
      surname: '',
      email: '',
      phonenumber: '233241110000',
      birthday: '',
      consentsource: '',
      consentdate: '',
    });
    const [ama] = await readContacts(profileId, choir.id);
    live.intercept = () => {
      throw new TypeError('fetch failed');
    };
    expect(await sync.deleteContacts([ama!.id])).toBe('pending');
    expect(await readContacts(profileId, choir.id)).toEqual([]);
    live.intercept = null;
    await sync.refreshGroupContacts(choir.id);
    expect(await readContacts(profileId, choir.id)).toEqual([]);
    await sync.flushPendingDeletions();
    const left = await live.gw.ctx.db.selectFrom('contacts').select('id').where('id', '=', ama!.id).execute();
    expect(left).toEqual([]);
  });

  it('sends a phone book deleted offline after the account signs out and in again', async () => {
    const staff = (await readGroups(profileId)).find((g) => g.groupname === 'Staff')!;
    live.intercept = () => {
      throw new TypeError('fetch failed');
    };
    expect(await sync.deleteGroups([staff.id])).toBe('pending');
    live.intercept = null;
    // Signed out before the network came back (or the session was ended elsewhere): the deletion stays.
    await wipeAccount(profileId);
    expect((await gatewayGroups()).includes(staff.id)).toBe(true);
    await signInAs(live);
    await sync.flushPendingDeletions();
    expect((await gatewayGroups()).includes(staff.id)).toBe(false);
  });

  it('deletes contacts on the device at once and sends the deletion only once Undo’s time has passed', async () => {
    const choir = (await readGroups(profileId)).find((g) => g.groupname === 'Choir')!;
    const contact = (firstname: string, phonenumber: string) => ({
      firstname,
      middlename: '',
      surname: '',
      email: '',
      phonenumber,
      birthday: '',
      consentsource: '',
      consentdate: '',
    });
    await sync.createContact(choir.id, 'Choir', contact('Esi', '233241110002'));
    await sync.createContact(choir.id, 'Choir', contact('Yaw', '233241110003'));
    const ids = (await readContacts(profileId, choir.id)).map((c) => c.id);
    const onGateway = async () =>
      (await live.gw.ctx.db.selectFrom('contacts').select('id').where('id', 'in', ids).execute()).length;
    alerts.length = 0;

    // Undone: back on the device, and the gateway never heard of it, even through a flush meanwhile.
    const undone = sync.deleteContacts(ids, 60_000);
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toMatchObject({ message: '2 contacts deleted', severity: 'success', action: { label: 'Undo' } });
    expect(await readContacts(profileId, choir.id)).toEqual([]);
    await sync.flushPendingDeletions();
    expect(await onGateway()).toBe(2);
    alerts[0]!.action!.run();
    expect(await undone).toBe('undone');
    expect((await readContacts(profileId, choir.id)).map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(await onGateway()).toBe(2);

    // Not undone: sent once the time has passed, with no second alert.
    expect(await sync.deleteContacts(ids, 50)).toBe('deleted');
    expect(await onGateway()).toBe(0);
    expect(alerts.map((a) => a.message)).toEqual(['2 contacts deleted', '2 contacts deleted']);
  });

  it('puts a contact back when the gateway refuses its deletion', async () => {
    const choir = (await readGroups(profileId)).find((g) => g.groupname === 'Choir')!;
    await sync.createContact(choir.id, 'Choir', {
      firstname: 'Kofi',
      middlename: '',
      surname: '',
      email: '',
      phonenumber: '233241110001',
      birthday: '',
      consentsource: '',
      consentdate: '',
    });
    const [kofi] = await readContacts(profileId, choir.id);
    live.intercept = (path) => (path.endsWith('deletecontact') ? refusal(400, 'Contact is locked') : undefined);
    expect(await sync.deleteContacts([kofi!.id])).toBe('refused');
    expect((await readContacts(profileId, choir.id)).map((c) => c.id)).toEqual([kofi!.id]);
    expect(alerts.at(-1)).toMatchObject({ message: 'Contact is locked', severity: 'warning' });
  });
});
