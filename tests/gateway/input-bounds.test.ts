import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, sendItem, sendSms } from './helpers/messaging';
import { SIGNUP_PATH } from '../../src/domain/navigation/api-paths';
import { TOO_MANY_PARTS } from '../../server/src/http/well-formed';
import { makeKey, v1 } from './helpers/api-v1';

type Account = Awaited<ReturnType<typeof account>>;

// Input that once stalled every request or broke PostgreSQL is refused at the boundary with a message.
describe('input is bounded before any work is done on it', () => {
  let gw: TestGateway;
  let demo: Account;
  let sup: Account;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    sup = await account(gw, 'supervisor');
  });
  afterAll(() => gw.close());

  // 80,000 dots took the old e-mail pattern 19 s with every other request waiting; 300,000 would take
  // minutes. The calls open without a session take 64 KiB at most (http/route.ts): 60,000 dots fit.
  const evil = `a@${'.'.repeat(300_000)}@`;
  const evilPublic = `a@${'.'.repeat(60_000)}@`;

  it('answers a pathological e-mail at once, on every call that checks one', async () => {
    expect((await call(gw, 'setpasswordreset', { email: evil })).status).toBe(413);
    const reset = await call(gw, 'setpasswordreset', { email: evilPublic });
    expect(reset.body).toEqual({
      passcodeSet: false,
      error: { status: 'failed', message: 'Please enter a valid email' },
    });
    const change = await call(gw, 'changepassword', {
      email: evilPublic,
      resetCode: '1234',
      newPassword: 'brand-new1',
      confirmNewPassword: 'brand-new1',
    });
    expect(change.body.error.message).toBe('Please enter a valid email');
    const signup = await call(gw, SIGNUP_PATH, {
      username: 'newperson',
      email: evilPublic,
      phone: '233241234567',
      password: 'secret123',
      cpassword: 'secret123',
      cname: 'New Co',
      supid: 6,
    });
    expect(signup.status).toBeLessThan(500);
    expect(JSON.stringify(signup.body)).toContain('Invalid Email');
    const checked = await call(gw, 'checkemailexist', { email: evilPublic });
    expect(checked.status).toBeLessThan(500);
    const contact = await call(
      gw,
      'createcontact',
      { groupname: 'Customers', firstname: 'Ama', phonenumber: '233241234567', email: evil },
      { token: demo.token },
    );
    expect(contact.status).toBe(400);
  });

  it('refuses a search longer than 200 characters on every list, and still searches at 200', async () => {
    const long = 'x'.repeat(201);
    for (const path of ['quickrequest', 'scheduledrequest', 'recurringrequest', 'purchasehistory']) {
      const res = await call(gw, path, { search: long, pageNum: 1 }, { token: demo.token });
      expect(res.status, path).toBe(400);
      expect(res.body.error.message, path).toBe('Invalid request: search must be at most 200 characters');
      const ok = await call(gw, path, { search: 'x'.repeat(200), pageNum: 1 }, { token: demo.token });
      expect(ok.status, path).toBe(200);
    }
    for (const path of ['allbulksms', 'allscheduled', 'allrecurring', 'allpurchasehistory', 'allgroups']) {
      const res = await call(gw, path, { search: 'x'.repeat(20_000), pageNum: 1 }, { token: sup.token });
      expect(res.status, path).toBe(400);
    }
  });

  it('refuses a campaign name longer than 100 characters, on a send and on an edit', async () => {
    const huge = await sendSms(gw, demo.apikey, [sendItem({ messageDescription: 'c'.repeat(100_000) })]);
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toContain('messageDescription must be at most 100 characters');
    const reg = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'scheduled sms',
        expectedDeliveryTime: '2026-11-21 09:00:00',
        messageDescription: 'c'.repeat(100),
      }),
    ]);
    expect(reg.status).toBe(200);
    const edit = await call(
      gw,
      'updatescheduled',
      { message_id: reg.body.message_id, messageDescription: 'd'.repeat(101) },
      { token: demo.token },
    );
    expect(edit.status).toBe(400);
    expect(edit.body.error.message).toBe('Invalid request: messageDescription must be at most 100 characters');
  });

  it('refuses ids no table can hold with a 4xx, and NUL characters with a message', async () => {
    const past = 2 ** 31;
    for (const [path, body] of [
      ['updatescheduled', { message_id: past, shortMessage: 'x' }],
      ['deletescheduled', { message_id: past }],
      ['updaterecurring', { message_id: String(past) }],
      [`status/${past}`, {}],
      ['status/999999999999999', {}],
    ] as const) {
      const res = await call(gw, path, body, { token: demo.token });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const given = await call(gw, 'givecredit', { clientprofile_id: past, amount: 1, rate: 1 }, { token: sup.token });
    expect(given.status).toBeLessThan(500);
    const login = await call(gw, 'login', { emailusername: 'demo\u0000user', password: 'demo12345' });
    expect(login.status).toBe(400);
    expect(login.body.error.message).toBe(
      'The request holds a NUL character, which cannot be stored: please retype the text',
    );
    const domain = await gw.app.inject({
      method: 'GET',
      url: '/smsgateway/api/domain?domain=%00',
      headers: { host: 'localhost' },
    });
    expect(domain.statusCode).toBe(400);
  });

  it('refuses input nested deeper than any call takes, and accepts what the app sends', async () => {
    const nested = JSON.parse('['.repeat(40) + '"Ama"' + ']'.repeat(40));
    const res = await call(
      gw,
      'createcontact',
      { groupname: 'Customers', firstname: nested, phonenumber: '233241234567' },
      { token: demo.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The request is nested too deeply');
  });

  it('refuses a body with more lists or objects than its size allows before parsing it, and takes the usual ones', async () => {
    // A megabyte of empty lists held the event loop 100 ms and more while JSON.parse built them.
    const lists = `{"groupname":"Customers","firstname":[${'[],'.repeat(340_000)}[]],"phonenumber":"233241234567"}`;
    const objects = `{"groupname":"Customers","firstname":[${'{},'.repeat(340_000)}{}],"phonenumber":"233241234567"}`;
    for (const payload of [lists, objects]) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/smsgateway/api/frontend/createcontact',
        payload,
        headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { status: 'failed', message: 'The request holds more lists and objects than its size allows' },
      });
    }
    const key = await makeKey(gw, demo.token);
    const api = await v1(gw, 'POST', '/messages', { auth: key.secret, raw: `{"to":[${'[],'.repeat(300_000)}[]]}` });
    expect(api.status).toBe(400);
    expect(api.body).toMatchObject({ error: { code: 'invalid_request', message: TOO_MANY_PARTS } });
    // A phone book of 2,000 contacts, each an object of its own, still loads.
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      firstname: 'Ama',
      phonenumber: `2332410${String(i).padStart(5, '0')}`,
    }));
    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Bulk' }, { token: demo.token });
    const imported = await call(gw, 'createcontactexel', { groupname: 'Bulk', excelData: rows }, { token: demo.token });
    expect(imported.body).toMatchObject({ inserted: 2000, rejected: 0 });
  });
});
