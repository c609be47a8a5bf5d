import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { call, login, makeTestApp, type TestGateway } from './helpers/test-app';
import { addressKey, LONGEST_WINDOW_MS, pruneRateLimits } from '../../server/src/auth/rate-limit';

const WRONG_LOGIN = 'Incorrect email/username or password';

const signIn = (gw: TestGateway, emailusername: string, password: string, host = 'localhost', remoteAddress?: string) =>
  call(gw, 'login', { emailusername, password, domain: host, domain_supid: 6, humanKey: '' }, { host, remoteAddress });

describe('login', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('signs in by username and answers userInfo with a fresh token', async () => {
    const res = await signIn(gw, 'demouser', 'demo12345');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = res.body.userInfo;
    expect(info).toMatchObject({ username: 'demouser', supid: 6, isAdmin: false, senderidapproved: 'DEMO,ALERTS' });
    expect(info.token).toMatch(/^[\w-]{40,}$/);
    expect(info).not.toHaveProperty('password_hash');
    // Only the hash is stored.
    const stored = await gw.ctx.db.selectFrom('tokens').select('token_hash').execute();
    expect(stored.map((t) => t.token_hash)).not.toContain(info.token);
  });

  it('signs in by e-mail, ignoring case and spaces, and gives a new token each time', async () => {
    const a = await signIn(gw, '  DEMO@Example.com ', 'demo12345');
    const b = await signIn(gw, 'DemoUser', 'demo12345');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.userInfo.profile_id).toBe(b.body.userInfo.profile_id);
    expect(a.body.userInfo.token).not.toBe(b.body.userInfo.token);
  });

  it('gives one refusal for a wrong password and an unknown account', async () => {
    const wrong = await signIn(gw, 'demouser', 'demo123456');
    const unknown = await signIn(gw, 'nobody-here', 'demo12345');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { status: 'failed', message: WRONG_LOGIN } });
    }
  });

  it('asks for both fields when one is empty', async () => {
    const res = await signIn(gw, '', 'demo12345');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please enter your email or username and your password');
    expect((await call(gw, 'login', {})).status).toBe(400);
  });

  it("lets a client sign in only on its supervisor's domain, an admin also on its own", async () => {
    expect((await signIn(gw, 'acmeclient', 'client12345', 'acme.localhost')).status).toBe(200);
    const elsewhere = await signIn(gw, 'acmeclient', 'client12345', 'localhost');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error.message).toBe(WRONG_LOGIN);
    // An unknown host is the main host's tenant.
    expect((await signIn(gw, 'acmeclient', 'client12345', 'unknown.example')).status).toBe(401);
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'acme.localhost')).status).toBe(200);
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost')).status).toBe(200);
    expect((await signIn(gw, 'demouser', 'demo12345', 'acme.localhost')).body.error.message).toBe(WRONG_LOGIN);
    expect((await signIn(gw, 'supervisor', 'supervisor123', 'localhost')).status).toBe(200);
    expect((await signIn(gw, 'supervisor', 'supervisor123', 'acme.localhost')).status).toBe(401);
  });

  it("ignores the body's domain_supid: the host decides", async () => {
    const res = await call(
      gw,
      'login',
      { emailusername: 'acmeclient', password: 'client12345', domain: 'acme.localhost', domain_supid: 7 },
      { host: 'localhost' },
    );
    expect(res.status).toBe(401);
  });
});

describe('login rate limits', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('never locks the owner out: 10 failures from other addresses only slow the name down', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await signIn(gw, 'demouser', 'wrong-password', 'localhost', `10.0.0.${i + 1}`)).status).toBe(401);
    }
    // Answered a little later, but answered: the owner signs in from its own address.
    expect((await signIn(gw, 'demouser', 'demo12345', 'localhost', '10.0.1.1')).status).toBe(200);
    expect((await signIn(gw, 'supervisor', 'supervisor123', 'localhost', '10.0.1.1')).status).toBe(200);
    gw.clock.advance(15 * 60_000);
  });

  it('locks a name from one address after 10 failures, there only, for 15 minutes', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await signIn(gw, 'demouser', 'wrong-password', 'localhost', '10.2.0.1')).status).toBe(401);
    }
    const locked = await signIn(gw, 'demouser', 'demo12345', 'localhost', '10.2.0.1');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toEqual({
      status: 'failed',
      message: 'Too many attempts, please wait 15 minutes and try again',
    });
    expect((await signIn(gw, 'demouser', 'demo12345', 'localhost', '10.2.0.2')).status).toBe(200);
    gw.clock.advance(15 * 60_000);
    expect((await signIn(gw, 'demouser', 'demo12345', 'localhost', '10.2.0.1')).status).toBe(200);
  });

  it('counts a name as typed: a locked e-mail says nothing of the username it belongs to', async () => {
    for (let i = 0; i < 10; i++) await signIn(gw, 'ADMIN@acme.example.com', 'wrong-password', 'localhost', '10.4.0.1');
    expect((await signIn(gw, 'admin@acme.example.com', 'wrong-password', 'localhost', '10.4.0.1')).status).toBe(429);
    // The same answer as for any name never tried: a wrong password is a 401, not a lock.
    expect((await signIn(gw, 'acmeadmin', 'wrong-password', 'localhost', '10.4.0.1')).status).toBe(401);
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost', '10.4.0.1')).status).toBe(200);
    gw.clock.advance(15 * 60_000);
  });

  it('locks an address after 30 failures whatever the account names, known or not', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await signIn(gw, `ghost${i}`, 'wrong-password', 'localhost', '10.9.9.9')).status).toBe(401);
    }
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost', '10.9.9.9')).status).toBe(429);
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost', '10.9.9.10')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: a fresh address of the same block for each try is still one client', async () => {
    for (let i = 0; i < 30; i++) {
      const address = `2001:db8:7:1:${i.toString(16)}::${(i + 1).toString(16)}`;
      expect((await signIn(gw, `ghost${i}`, 'wrong-password', 'localhost', address)).status).toBe(401);
    }
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost', '2001:db8:7:1:ffff::1')).status).toBe(429);
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost', '::ffff:10.9.9.11')).status).toBe(200);
    expect((await signIn(gw, 'acmeadmin', 'acme12345', 'localhost', '2001:db8:7:2::1')).status).toBe(200);
    gw.clock.advance(15 * 60_000);
  });

  it('counts a name of any length as any other, stores it bounded, and forgets counts a day old', async () => {
    // A random name the size of a request: PostgreSQL refuses an index entry over 2.7 kB, so stored as
    // typed it answered 500, and each one tried stayed in the table for good.
    const huge = randomBytes(15_000).toString('base64');
    for (let i = 0; i < 10; i++)
      expect((await signIn(gw, huge, 'wrong-password', 'localhost', '10.6.0.1')).status).toBe(401);
    expect((await signIn(gw, huge, 'wrong-password', 'localhost', '10.6.0.1')).status).toBe(429);
    const keys = await gw.ctx.db.selectFrom('rate_limits').select('key').execute();
    expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThanOrEqual(200);
    expect(await pruneRateLimits(gw.ctx)).toBe(0);
    gw.clock.advance(LONGEST_WINDOW_MS + 60 * 60_000);
    expect(await pruneRateLimits(gw.ctx)).toBe(keys.length);
    expect(await gw.ctx.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
  });

  it('does not count successful sign-ins', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await signIn(gw, 'acmeclient', 'client12345', 'acme.localhost', '10.5.5.5')).status).toBe(200);
    }
  });
});

describe('signout and fetchuser', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('fetchuser answers userInfo with the same token echoed', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    const res = await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.userInfo).toMatchObject({ profile_id: me.profile_id, username: 'demouser', token: me.token });
  });

  it('fetchuser refuses another profile_id', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    const res = await call(gw, 'fetchuser', { profile_id: 6 }, { token: me.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ status: 'failed', message: 'You are not allowed to do this' });
  });

  it('fetchuser with a bad, missing or expired token is 401 Invalid Token, also at top level', async () => {
    const expected = { error: { status: 'failed', message: 'Invalid Token' }, message: 'Invalid Token' };
    for (const token of ['not-a-token', undefined]) {
      const res = await call(gw, 'fetchuser', {}, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(expected);
    }
    const me = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    gw.clock.advance(30 * 24 * 3600 * 1000);
    const expired = await call(gw, 'fetchuser', {}, { token: me.token, host: 'acme.localhost' });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(expected);
  });

  it('signout revokes that token only', async () => {
    const first = await login(gw, 'demouser', 'demo12345');
    const second = await login(gw, 'demouser', 'demo12345');
    const out = await call(gw, 'signout', { profile_id: first.profile_id }, { token: first.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'successful' });
    expect((await call(gw, 'fetchuser', {}, { token: first.token })).status).toBe(401);
    expect((await call(gw, 'signout', {}, { token: first.token })).status).toBe(401);
    expect((await call(gw, 'fetchuser', {}, { token: second.token })).status).toBe(200);
  });

  it('signout refuses another profile_id and keeps the session', async () => {
    const me = await login(gw, 'demouser', 'demo12345');
    expect((await call(gw, 'signout', { profile_id: 6 }, { token: me.token })).status).toBe(403);
    expect((await call(gw, 'fetchuser', {}, { token: me.token })).status).toBe(200);
  });
});

describe('addressKey', () => {
  it.each([
    ['10.9.9.9', '10.9.9.9'],
    ['::ffff:10.9.9.9', '10.9.9.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::7', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::1.2.3.4', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
