// One person, one number (docs/product.md#phone-numbers): canonical numbers in sends, codes, phone books and searches.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { account, balanceOf, carrierRows, list, sendItem, sendSms } from './helpers/messaging';
import { form, temporal } from './helpers/signup-fixtures';
import { makeKey, v1 } from './helpers/api-v1';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { NUMBER_REASONS } from '../../src/domain/contacts/sheet-number';

describe('sends: the gateway canonicalises, checks and de-duplicates before it charges', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
  });
  afterAll(() => gw.close());

  it('charges and sends two forms of one number once, stored and shown canonical', async () => {
    const before = await balanceOf(gw, 'demouser');
    const job = randomUUID();
    const res = await sendSms(
      gw,
      demo.apikey,
      [sendItem({ destinationAddress: '0241234560,233241234560,+233 24 123 4570' })],
      { key: `${job}:0-2` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Messages sent successfully', duplicates: 1, creditbalance: before - 2 });
    expect(res.body.setaside).toBeUndefined();
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    await tickCarrier(gw.ctx);
    expect((await carrierRows(gw, job)).map((r) => r.to_number).sort()).toEqual(['233241234560', '233241234570']);
    const status = await call(
      gw,
      `status/${res.body.message_id}`,
      { profile_id: demo.profile_id },
      { token: demo.token },
    );
    expect(status.body.status.map((r: any) => r.mobilenumber)).toEqual(['233241234560', '233241234570']);
  });

  it('charges and sends once a number repeated in a later batch of the same send', async () => {
    const before = await balanceOf(gw, 'demouser');
    const job = randomUUID();
    const first = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '0241234600,0241234610' })], {
      key: `${job}:0-1`,
    });
    expect(first.status).toBe(200);
    const second = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241234600,0241234620' })], {
      key: `${job}:2-3`,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ duplicates: 1, creditbalance: before - 3 });
    // The same batch again is answered as before and adds nothing.
    const again = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241234600,0241234620' })], {
      key: `${job}:2-3`,
    });
    expect(again.body).toEqual(second.body);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 3);
    const rows = await gw.ctx.db
      .selectFrom('message_recipients')
      .select('number')
      .where('message_id', '=', first.body.message_id)
      .orderBy('recipient_index')
      .execute();
    expect(rows.map((r) => r.number)).toEqual(['233241234600', '233241234610', '233241234620']);
  });

  it("keeps a personalized send's repeats: each row gets its own message", async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ shortMessage: 'Hi Ama', destinationAddress: '0241234580', typeandsubtype: 'quick:personalized' }),
      sendItem({ shortMessage: 'Hi Kofi', destinationAddress: '233241234580', typeandsubtype: 'quick:personalized' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.duplicates).toBeUndefined();
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
  });

  it('never charges or sends a typed 12345: it is set aside, with why', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '12345,0241234590' })]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      setaside: 1,
      setasidenumbers: [{ number: '12345', reason: NUMBER_REASONS.tooShort }],
      creditbalance: before - 1,
    });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    const rows = await gw.ctx.db
      .selectFrom('message_recipients')
      .select('number')
      .where('message_id', '=', res.body.message_id)
      .execute();
    expect(rows.map((r) => r.number)).toEqual(['233241234590']);
  });

  it('refuses a send with no phone number at all (400, nothing charged)', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '12345' })]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `No message was sent: it is not a phone number (12345: ${NUMBER_REASONS.tooShort})`,
    );
    const several = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '12345,abc' })]);
    expect(several.body.error.message).toBe(
      `No message was sent: none of the 2 numbers is a phone number (12345: ${NUMBER_REASONS.tooShort})`,
    );
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });

  it('finds a message sent to 233… when its list is searched as 024…', async () => {
    await sendSms(gw, demo.apikey, [sendItem({ shortMessage: 'to be found', destinationAddress: '233247770000' })]);
    const found = await list(gw, demo.token, 'quickrequest', { search: '024 777 0000' });
    expect(found.body.bulksms.map((m: any) => m.shortMessage)).toContain('to be found');
  });
});

describe('sign-up codes are filed under the canonical number', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('a code for a number typed as 024… is in the dev inbox under ?to=233…', async () => {
    const body = form({ phone: '0205550777' });
    const t = await temporal(gw, body);
    expect(t.body.error).toEqual({ status: 'successful' });
    const sent = await call(gw, 'sendsmscode', { phone: body.phone, subscriber: t.body.id, supid: 6 });
    expect(sent.body).toMatchObject({ status: 'successful' });
    const inbox = await gw.app.inject({ method: 'GET', url: '/smsgateway/dev/carrier?to=233205550777' });
    expect(inbox.json().messages[0].text).toMatch(/^Your verification code is \d{4}\./);
    const typed = await gw.app.inject({ method: 'GET', url: '/smsgateway/dev/carrier?to=0205550777' });
    expect(typed.json().messages).toHaveLength(1);
  });
});

describe('phone-book imports: no number twice, no row without a number', () => {
  let gw: TestGateway;
  let demo: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await login(gw, 'demouser', 'demo12345');
    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Twice' }, { token: demo.token });
  });
  afterAll(() => gw.close());

  const importRows = (excelData: unknown[]) =>
    call(
      gw,
      'createcontactexel',
      { profile_id: demo.profile_id, groupname: 'Twice', excelData },
      { token: demo.token },
    );
  const book = async (search = '') => {
    const groups = (await call(gw, 'groupsrequest', { profile_id: demo.profile_id }, { token: demo.token })).body
      .groups;
    const id = groups.find((g: any) => g.groupname === 'Twice').id;
    return (
      await call(
        gw,
        'groupcontacts',
        { profile_id: demo.profile_id, groupid: id, search, pageNum: 1 },
        { token: demo.token },
      )
    ).body;
  };
  const sheet = [
    { firstname: 'Ama', phone: '0241112220' },
    { firstname: 'Kofi', phone: '233241112221' },
    { firstname: 'No number', email: 'nonumber@example.com' },
    { firstname: 'Ama again', phone: '+233 24 111 2220' },
  ];

  it('refuses a row with no number, naming its sheet row, and skips a number the sheet already had', async () => {
    const res = await importRows(sheet);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 2, skipped: 1, rejected: 1 });
    expect(res.body.rejectedRows).toEqual([{ row: 4, reason: NUMBER_REASONS.missing }]);
    expect(res.body.message).toBe(
      '2 contacts loaded into Twice, 1 contact already in the book (skipped), 1 row rejected',
    );
    const contacts = (await book()).contacts;
    expect(contacts.map((c: any) => c.phonenumber).sort()).toEqual(['233241112220', '233241112221']);
  });

  it('importing the same file again leaves the book unchanged and says how many were skipped', async () => {
    const res = await importRows(sheet);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 0, skipped: 3, rejected: 1 });
    expect(res.body.message).toBe(
      '0 contacts loaded into Twice, 3 contacts already in the book (skipped), 1 row rejected',
    );
    expect((await book()).total).toBe(2);
  });

  it('a search typed as 024… finds the contact stored as 233…', async () => {
    const found = await book('0241112221');
    expect(found.contacts.map((c: any) => c.firstname)).toEqual(['Kofi']);
    expect((await book('024 111 2220')).contacts.map((c: any) => c.firstname)).toEqual(['Ama']);
  });

  it('a contact created by hand is stored canonical', async () => {
    const res = await call(
      gw,
      'createcontact',
      { profile_id: demo.profile_id, groupname: 'Twice', firstname: 'Yaw', phonenumber: '024 111 2229' },
      { token: demo.token },
    );
    expect(res.status).toBe(200);
    expect((await book('Yaw')).contacts[0].phonenumber).toBe('233241112229');
  });
});

describe("the integrators' API answers for each number it was given", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('stores two forms of one number canonical, one message each as its answer lists them (never a 500)', async () => {
    const demo = await account(gw, 'demouser');
    const live = await makeKey(gw, demo.token);
    const res = await v1(gw, 'POST', '/messages', {
      auth: live.secret,
      body: { from: 'DEMO', to: ['0241234700', '233241234700'], text: 'Two forms' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ accepted: 2, rejected: 0 });
    const read = await v1(gw, 'GET', `/messages/${res.body.messages[0].messageId}`, { auth: live.secret });
    expect(read.body.to).toBe('233241234700');
  });
});
