import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';

const FORBIDDEN = { status: 'failed', message: 'You are not allowed to do this' };

describe('changeapikey', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  const sendWith = (key: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/sendsms',
      headers: { host: 'localhost', authorization: `Bearer ${key}`, accept: 'application/json' },
      payload: { messageobject: [] },
    });

  it('gives a new random key, shown once and stored hashed; the old one stops working for sendsms', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    // The key is never part of user info: it is shown once, when generated.
    expect(me.apikey).toBe('');
    const first = await call(
      gw,
      'changeapikey',
      { profile_id: me.profile_id, username: 'demouser' },
      { token: me.token },
    );
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['apikey']);
    expect(first.body.apikey).toMatch(/^sk_[\w-]{30,}$/);
    expect((await sendWith(first.body.apikey)).statusCode).not.toBe(401);
    const stored = await gw.ctx.db
      .selectFrom('users')
      .select('apikey')
      .where('profile_id', '=', me.profile_id)
      .executeTakeFirstOrThrow();
    expect(stored.apikey).not.toContain(first.body.apikey);
    expect(stored.apikey).toMatch(/^[0-9a-f]{64}$/);

    const second = await call(
      gw,
      'changeapikey',
      { profile_id: me.profile_id, username: 'demouser' },
      { token: me.token },
    );
    expect(second.body.apikey).not.toBe(first.body.apikey);
    const old = await sendWith(first.body.apikey);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe('Invalid Token');
    expect((await sendWith(second.body.apikey)).statusCode).not.toBe(401);
    const again = await call(gw, 'fetchuser', {}, { token: me.token });
    expect(again.body.userInfo.apikey).toBe('');
  });

  it('refuses another profile_id and anonymous callers', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    expect((await call(gw, 'changeapikey', { profile_id: 6 }, { token: me.token })).body.error).toEqual(FORBIDDEN);
    expect((await call(gw, 'changeapikey', {})).status).toBe(401);
  });
});

describe('changeaccountype', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await makeTestApp();
  });
  afterEach(() => gw.close());

  const changeType = (me: Session, accountType: unknown, host = 'localhost') =>
    call(gw, 'changeaccountype', { profile_id: me.profile_id, accountType }, { token: me.token, host });

  it('switches a client of profile 6 to PREMIUM and back, echoing the token', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    const premium = await changeType(me, 'PREMIUM');
    expect(premium.status).toBe(200);
    expect(premium.body.userInfo).toMatchObject({ accountType: 'PREMIUM', token: me.token, isAdmin: false });
    expect((await changeType(me, 'regular')).body.userInfo.accountType).toBe('REGULAR');
  });

  it('makes a reseller (an admin) where the domain allows reselling', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    const res = await changeType(me, 'RESELLER');
    expect(res.body.userInfo).toMatchObject({ accountType: 'RESELLER', isAdmin: true });
    expect((await call(gw, 'allusers', { profile_id: me.profile_id }, { token: me.token })).body).toEqual({
      users: [],
    });
  });

  it('refuses PREMIUM under a reseller and RESELLER where reselling is off', async () => {
    const client = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    const premium = await changeType(client, 'PREMIUM', 'acme.localhost');
    expect(premium.status).toBe(400);
    expect(premium.body.error).toEqual({
      status: 'failed',
      message: 'The PREMIUM account type is not available for your account',
    });
    const reseller = await changeType(client, 'RESELLER', 'acme.localhost');
    expect(reseller.body.error.message).toBe('Reselling is not available on this platform');
    expect((await changeType(client, 'REGULAR', 'acme.localhost')).status).toBe(200);
  });

  it('takes admin rights away with the RESELLER type', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    expect((await changeType(me, 'RESELLER')).body.userInfo).toMatchObject({ accountType: 'RESELLER', isAdmin: true });
    expect((await call(gw, 'allusers', { profile_id: me.profile_id }, { token: me.token })).status).toBe(200);
    expect((await changeType(me, 'REGULAR')).body.userInfo).toMatchObject({ accountType: 'REGULAR', isAdmin: false });
    expect((await call(gw, 'allusers', { profile_id: me.profile_id }, { token: me.token })).status).toBe(403);
  });

  it('keeps a reseller that owns a domain a reseller', async () => {
    const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    expect((await changeType(acme, 'REGULAR', 'acme.localhost')).body.error.message).toBe(
      'A reseller with its own domain cannot change its account type',
    );
    expect((await changeType(acme, 'RESELLER', 'acme.localhost')).body.userInfo.accountType).toBe('RESELLER');
  });

  it.each([['GOLD'], [''], [undefined], [3]])('refuses the account type %j', async (accountType) => {
    const me = await login(gw, 'demouser', 'demo12345');
    const res = await changeType(me, accountType);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please choose an account type: REGULAR, PREMIUM or RESELLER');
  });

  it('refuses another profile_id', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    const res = await call(gw, 'changeaccountype', { profile_id: 6, accountType: 'PREMIUM' }, { token: me.token });
    expect(res.status).toBe(403);
  });
});

describe('allusers', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it("lists only the caller's clients, without tokens, API keys or secret keys", async () => {
    const sup = await login(gw, 'supervisor', 'supervisor123');
    const res = await call(gw, 'allusers', { profile_id: 6 }, { token: sup.token });
    expect(res.status).toBe(200);
    const names = res.body.users.map((u: { username: string }) => u.username);
    expect(names.sort()).toEqual(['acmeadmin', 'demouser']);
    for (const u of res.body.users) {
      for (const secret of ['token', 'apikey', 'paystackseckey', 'recaptcha_secret_key', 'password_hash'])
        expect(u).not.toHaveProperty(secret);
    }
    const acmeAdmin = res.body.users.find((u: { username: string }) => u.username === 'acmeadmin');
    expect(acmeAdmin).toMatchObject({ domain: 'acme.localhost', accountType: 'RESELLER', isAdmin: true });
    const demo = res.body.users.find((u: { username: string }) => u.username === 'demouser');
    expect(demo).toMatchObject({ pendingsenderid: 'PROMO', domain: '', logo: expect.stringContaining('main-logo') });

    const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    const theirs = await call(
      gw,
      'allusers',
      { profile_id: acme.profile_id },
      { token: acme.token, host: 'acme.localhost' },
    );
    expect(theirs.body.users.map((u: { username: string }) => u.username)).toEqual(['acmeclient']);
  });

  it("gives profile 6 every pending sender-ID request of the platform, a reseller's clients' too, with only what deciding needs", async () => {
    const acmeClient = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    expect(
      (
        await call(
          gw,
          'senderidrequest',
          { profile_id: acmeClient.profile_id, pendingsenderid: 'ACMEPROMO' },
          { token: acmeClient.token, host: 'acme.localhost' },
        )
      ).status,
    ).toBe(200);
    const sup = await login(gw, 'supervisor', 'supervisor123');
    const res = await call(gw, 'allusers', { profile_id: 6 }, { token: sup.token });
    // Its client list stays its own clients: the other tenant's account shows only in the requests.
    expect(res.body.users.map((u: { username: string }) => u.username).sort()).toEqual(['acmeadmin', 'demouser']);
    const byName = Object.fromEntries(res.body.pending.map((p: { username: string }) => [p.username, p]));
    expect(Object.keys(byName).sort()).toEqual(['acmeclient', 'demouser']);
    expect(byName.acmeclient).toEqual({
      profile_id: acmeClient.profile_id,
      username: 'acmeclient',
      companyname: 'Acme Client Ltd',
      supid: acmeClient.supid,
      supervisor: 'acmeadmin',
      senderidapproved: 'ACMECL',
      pendingsenderid: 'ACMEPROMO',
    });

    // A reseller admin gets its own clients and no platform-wide requests.
    const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    const theirs = await call(
      gw,
      'allusers',
      { profile_id: acme.profile_id },
      { token: acme.token, host: 'acme.localhost' },
    );
    expect(theirs.body).not.toHaveProperty('pending');
    expect(theirs.body.users.find((u: { username: string }) => u.username === 'acmeclient').pendingsenderid).toBe(
      'ACMEPROMO',
    );
  });

  it('is for admins only, and for their own profile', async () => {
    const demo = await login(gw, 'demouser', 'demo12345');
    expect((await call(gw, 'allusers', { profile_id: demo.profile_id }, { token: demo.token })).status).toBe(403);
    const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    expect((await call(gw, 'allusers', { profile_id: 6 }, { token: acme.token })).status).toBe(403);
  });
});

describe('sender IDs', () => {
  let gw: TestGateway;
  let demo: Session;
  let sup: Session;
  let acme: Session;
  let acmeClient: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
  });
  afterEach(() => gw.close());

  const request = (me: Session, pendingsenderid: unknown) =>
    call(gw, 'senderidrequest', { profile_id: me.profile_id, pendingsenderid }, { token: me.token });
  const decide = (call_: 'approvesenderid' | 'rejectsenderid', me: Session, id: unknown, pendingsenderid: unknown) =>
    call(gw, call_, { profile_id: me.profile_id, id, pendingsenderid }, { token: me.token });

  it('a request adds trimmed, de-duplicated IDs to the pending ones', async () => {
    const res = await request(demo, ' SHOP , News,SHOP,PROMO ');
    expect(res.status).toBe(200);
    expect(res.body.userInfo).toMatchObject({
      pendingsenderid: 'PROMO,SHOP,News',
      senderidapproved: 'DEMO,ALERTS',
      token: demo.token,
    });
  });

  it.each([
    ['', 'No senderId provided'],
    [' , ', 'No senderId provided'],
    ['TWELVECHARSX', 'Each senderId must have a maximum character length of eleven(11), please check TWELVECHARSX'],
    ['SHOP,0244123456', 'Sorry we dont accept numbers only as sender ids'],
    ['DEMO', 'Sender ID DEMO is already approved'],
  ])('a request of %j is refused: %s', async (ids, message) => {
    const res = await request(demo, ids);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ status: 'failed', message });
    const after = await call(gw, 'fetchuser', {}, { token: demo.token });
    expect(after.body.userInfo.pendingsenderid).toBe('PROMO');
  });

  it('profile 6 approves: the IDs move from pending to approved', async () => {
    await request(demo, 'SHOP,NEWS');
    const res = await decide('approvesenderid', sup, demo.profile_id, 'PROMO,NEWS');
    expect(res.status).toBe(200);
    expect(res.body.userInfo).toMatchObject({
      profile_id: demo.profile_id,
      senderidapproved: 'DEMO,ALERTS,PROMO,NEWS',
      pendingsenderid: 'SHOP',
    });
    expect(res.body.userInfo).not.toHaveProperty('apikey');
    expect(res.body.userInfo).not.toHaveProperty('token');
    const mine = await call(gw, 'fetchuser', {}, { token: demo.token });
    expect(mine.body.userInfo.senderidapproved).toBe('DEMO,ALERTS,PROMO,NEWS');
  });

  it('profile 6 rejects: the IDs are dropped', async () => {
    const res = await decide('rejectsenderid', sup, String(demo.profile_id), ['PROMO']);
    expect(res.body.userInfo).toMatchObject({ senderidapproved: 'DEMO,ALERTS', pendingsenderid: '' });
  });

  it("profile 6 decides for a reseller's client too", async () => {
    await request(acmeClient, 'ACMESHOP');
    const res = await decide('approvesenderid', sup, acmeClient.profile_id, 'ACMESHOP');
    expect(res.body.userInfo.senderidapproved).toBe('ACMECL,ACMESHOP');
  });

  it('refuses IDs that are not pending, no IDs, and unknown accounts', async () => {
    expect((await decide('approvesenderid', sup, demo.profile_id, 'DEMO')).body.error.message).toBe(
      'Sender ID DEMO is not awaiting approval',
    );
    expect((await decide('rejectsenderid', sup, demo.profile_id, 'NOPE')).body.error.message).toBe(
      'Sender ID NOPE is not awaiting approval',
    );
    expect((await decide('approvesenderid', sup, demo.profile_id, '')).body.error.message).toBe('No senderId provided');
    const missing = await decide('approvesenderid', sup, 99999, 'PROMO');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('User not found');
    expect((await decide('approvesenderid', sup, 'abc', 'PROMO')).status).toBe(400);
  });

  it('only profile 6 may approve or reject, and only as itself', async () => {
    for (const who of [demo, acme, acmeClient]) {
      for (const c of ['approvesenderid', 'rejectsenderid'] as const) {
        const res = await call(
          gw,
          c,
          { profile_id: who.profile_id, id: demo.profile_id, pendingsenderid: 'PROMO' },
          { token: who.token },
        );
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual(FORBIDDEN);
      }
    }
    expect(
      (await decide('approvesenderid', { ...sup, profile_id: demo.profile_id }, demo.profile_id, 'PROMO')).status,
    ).toBe(403);
    expect((await call(gw, 'approvesenderid', { id: demo.profile_id, pendingsenderid: 'PROMO' })).status).toBe(401);
    const after = await call(gw, 'fetchuser', {}, { token: demo.token });
    expect(after.body.userInfo).toMatchObject({ senderidapproved: 'DEMO,ALERTS', pendingsenderid: 'PROMO' });
  });

  it('two requests at once keep both', async () => {
    await Promise.all([request(demo, 'AAA1'), request(demo, 'BBB2'), request(demo, 'CCC3')]);
    const after = await call(gw, 'fetchuser', {}, { token: demo.token });
    expect(after.body.userInfo.pendingsenderid.split(',').sort()).toEqual(['AAA1', 'BBB2', 'CCC3', 'PROMO']);
  });
});
