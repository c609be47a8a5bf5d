// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/api/api-failure';
import { LIST_NAMES, fetchListPage, type ListName } from '../../../src/api/list-api';
import * as phonebook from '../../../src/api/phonebook-api';
import * as messages from '../../../src/api/message-api';
import { sendSms } from '../../../src/api/send-api';
import { call, login } from '../../gateway/helpers/test-app';
import { numbersFrom, quickItem, startLiveGateway, type LiveGateway } from '../outbox/support/live-gateway';

type Account = Awaited<ReturnType<typeof login>>;

describe('api modules read the real gateway answers', () => {
  let live: LiveGateway;
  let demo: Account;
  let supervisor: Account;
  beforeAll(async () => {
    live = await startLiveGateway();
    demo = await login(live.gw, 'demouser', 'demo12345');
    supervisor = await login(live.gw, 'supervisor', 'supervisor123');
    const gift = await call(
      live.gw,
      'manualcreditpurchase',
      { profile_id: supervisor.profile_id, amount: 100, currency: 'GHS', clientprofile_id: demo.profile_id },
      { token: supervisor.token },
    );
    expect(gift.status).toBe(200);
    await sendSms(demo.token, [quickItem(numbersFrom(1, 3))]);
  });
  afterAll(() => live.close());

  const own = LIST_NAMES.filter((l) => l.endsWith('-own'));
  const client = LIST_NAMES.filter((l) => l.endsWith('-client'));

  it.each(own)("reads the first page of the own list '%s'", async (list: ListName) => {
    const page = await fetchListPage(demo.token, list, { profile_id: demo.profile_id, search: '', pageNum: 1 });
    expect(page.pageNum).toBe(1);
    expect(typeof page.hasMore).toBe('boolean');
    expect(page.items.length).toBeGreaterThan(0);
  });

  it.each(client)("reads the first page of the clients' list '%s' as their admin", async (list: ListName) => {
    const page = await fetchListPage(supervisor.token, list, {
      profile_id: supervisor.profile_id,
      search: '',
      pageNum: 1,
    });
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('reads bulk messages with ids as text and statuses, and searches', async () => {
    const page = await fetchListPage(demo.token, 'quick-own', { profile_id: demo.profile_id, search: '', pageNum: 1 });
    const first = page.items[0] as Record<string, unknown>;
    expect(typeof first.message_id).toBe('string');
    expect(Array.isArray(first.messageStatus)).toBe(true);
    const found = await fetchListPage(demo.token, 'quick-own', {
      profile_id: demo.profile_id,
      search: 'HELLO FROM THE OUTBOX',
      pageNum: 1,
    });
    expect(found.items.map((i) => (i as { shortMessage: string }).shortMessage)).toEqual(['Hello from the outbox']);
  });

  it('reads the status rows of a message; another account asking gets a refusal', async () => {
    const page = await fetchListPage(demo.token, 'quick-own', {
      profile_id: demo.profile_id,
      search: 'outbox',
      pageNum: 1,
    });
    const id = (page.items[0] as { message_id: string }).message_id;
    const rows = await messages.fetchMessageStatus(demo.token, demo.profile_id, id);
    expect(rows.map((r) => r.mobilenumber)).toEqual(expect.arrayContaining(numbersFrom(1, 3)));
    const acme = await login(live.gw, 'acmeadmin', 'acme12345');
    await expect(messages.fetchMessageStatus(acme.token, acme.profile_id, id)).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it('edits and deletes a scheduled message, with the balances from the answer', async () => {
    const page = await fetchListPage(demo.token, 'scheduled-own', {
      profile_id: demo.profile_id,
      search: '',
      pageNum: 1,
    });
    const item = page.items[0] as { message_id: string; sourceAddress: string; expectedDeliveryTime: string };
    const when = '2027-01-05 09:00:00';
    const edited = await messages.updateScheduled(demo.token, demo.profile_id, {
      message_id: item.message_id,
      shortMessage: 'Moved',
      sourceAddress: item.sourceAddress,
      messageDescription: 'edited',
      expectedDeliveryTime: when,
    });
    expect(edited.status).toBe('successful');
    expect(edited.balances?.creditbalance).toEqual(expect.any(Number));
    const removed = await messages.deleteScheduled(demo.token, demo.profile_id, item.message_id);
    expect(removed.message).toMatch(/deleted/i);
  });

  it('creates, reads, updates and deletes phone books and contacts', async () => {
    const created = await phonebook.createGroup(demo.token, demo.profile_id, 'Church choir');
    expect(created.id).toBeGreaterThan(0);
    const contact = {
      firstname: 'Ama',
      middlename: '',
      surname: 'Mensah',
      email: 'ama@example.com',
      phonenumber: '233241110000',
      birthday: '1990-04-01',
      consentsource: 'Signed form',
      consentdate: '2026-01-15',
    };
    const added = await phonebook.createContact(demo.token, demo.profile_id, 'Church choir', contact);
    const imported = await phonebook.importContacts(demo.token, demo.profile_id, 'Church choir', [
      { firstname: 'Kofi', phonenumber: '233241110001' },
      { firstname: '', phonenumber: '' },
    ]);
    expect(imported).toMatchObject({ status: 'successful', inserted: 1, rejected: 1 });
    const groups = await phonebook.fetchOwnGroups(demo.token, demo.profile_id);
    const choir = groups.find((g) => g.id === created.id)!;
    expect(choir).toMatchObject({ groupname: 'Church choir', contactcount: 2 });
    const page = await phonebook.fetchGroupContacts(demo.token, demo.profile_id, created.id, 1);
    expect(page).toMatchObject({ total: 2, hasMore: false });
    await phonebook.updateContact(demo.token, demo.profile_id, created.id, added.id, { ...contact, surname: 'Owusu' });
    const after = await phonebook.fetchGroupContacts(demo.token, demo.profile_id, created.id, 1);
    expect(after.contacts.find((c) => c.id === added.id)).toMatchObject({
      surname: 'Owusu',
      consentsource: 'Signed form',
      consentdate: '2026-01-15',
    });
    await phonebook.deleteContacts(demo.token, demo.profile_id, [added.id]);
    await phonebook.deleteGroups(demo.token, demo.profile_id, [created.id]);
    expect((await phonebook.fetchOwnGroups(demo.token, demo.profile_id)).some((g) => g.id === created.id)).toBe(false);
    const clients = await phonebook.fetchClientGroups(supervisor.token, supervisor.profile_id, '', 1);
    expect(clients.groups.length).toBeGreaterThan(0);
  });

  it("refuses another account's phone book with the gateway's message, as a refusal", async () => {
    const groups = await phonebook.fetchOwnGroups(demo.token, demo.profile_id);
    const acme = await login(live.gw, 'acmeadmin', 'acme12345');
    const error = await phonebook.deleteGroups(acme.token, acme.profile_id, [groups[0]!.id]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({
      kind: 'refused',
      httpStatus: 403,
      status: 'failed',
      message: 'You are not allowed to do this',
    });
  });

  it('sends with the API key and answers the same body to a repeated Idempotency-Key', async () => {
    const key = `6f1c2a3e-0000-4000-8000-00000000000a:0-1`;
    // An integration's key, generated (and shown) once.
    const apikey = (await call(live.gw, 'changeapikey', { profile_id: demo.profile_id }, { token: demo.token })).body
      .apikey as string;
    const first = await sendSms(apikey, [quickItem(numbersFrom(10, 2))], { idempotencyKey: key });
    const again = await sendSms(apikey, [quickItem(numbersFrom(10, 2))], { idempotencyKey: key });
    expect(again).toEqual(first);
    await expect(sendSms('not-a-key', [quickItem(numbersFrom(10, 2))])).rejects.toMatchObject({
      kind: 'invalid-token',
    });
  });
});
