import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestGateway } from './helpers/test-app';
import { form, started, temporal, verify } from './helpers/signup-fixtures';

describe('checkusernameexist and checkemailexist', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('answers {} when free and a failed error when taken, ignoring case', async () => {
    expect((await call(gw, 'checkusernameexist', { username: 'someone-new' })).body).toEqual({});
    const taken = await call(gw, 'checkusernameexist', { username: 'DemoUser' });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ error: { status: 'failed', message: 'Username already exists' } });
    expect((await call(gw, 'checkemailexist', { email: 'free@example.com' })).body).toEqual({});
    expect((await call(gw, 'checkemailexist', { email: 'DEMO@example.com' })).body).toEqual({
      error: { status: 'failed', message: 'Email already exists' },
    });
  });

  it('warns about a username that looks like an e-mail', async () => {
    expect((await call(gw, 'checkusernameexist', { username: 'a@b.com' })).body.error.message).toBe(
      'Username cannot contain @',
    );
  });
});

describe('temporalsignup', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it("stores the sign-up under the host's owner and echoes it without the password", async () => {
    const body = form();
    const res = await temporal(gw, body);
    expect(res.status).toBe(200);
    expect(res.body.error).toEqual({ status: 'successful' });
    expect(typeof res.body.id).toBe('string');
    expect(res.body.id.length).toBeGreaterThanOrEqual(20);
    expect(res.body.signupdUser).toMatchObject({
      id: res.body.id,
      username: body.username,
      email: body.email,
      supid: 6,
      needsCode: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('secret1');
    const acme = await temporal(gw, form(), 'acme.localhost');
    const acmeOwner = await gw.ctx.db
      .selectFrom('users')
      .select('profile_id')
      .where('username', '=', 'acmeadmin')
      .executeTakeFirstOrThrow();
    expect(acme.body.signupdUser.supid).toBe(acmeOwner.profile_id);
  });

  it.each([
    [{ username: 'abc' }, 'Username must be 5 or more characters'],
    [{ username: 'me@mail.com' }, 'Username cannot contain @'],
    [{ username: 'x'.repeat(51) }, 'Username must be 50 characters or fewer'],
    [{ email: 'not-an-email' }, 'Invalid Email'],
    [{ phone: '02412a4567' }, 'Mobile numbers must be only numbers'],
    [{ phone: '0241234' }, 'Mobile numbers not complete'],
    [{ phone: '' }, 'Mobile numbers not complete'],
    [{ password: 'abc', cpassword: 'abc' }, 'Password must be more six characters'],
    [{ cpassword: 'secret2' }, 'Passwords do not match'],
    [{ username: 'DEMOUSER' }, 'Username already exists'],
    [{ email: 'Demo@Example.com' }, 'Email already exists'],
    [{ referralcode: 'NOSUCHCODE' }, 'Referral code not found, please check it or leave it empty'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const res = await temporal(gw, form(overrides));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: { status: 'failed', message } });
  });

  it.each(['0244 556 677', '+233 24-455-6677', '024-455-6677'])(
    'takes the phone %j as every number field does, and stores it canonical',
    async (phone) => {
      const res = await temporal(gw, form({ phone }));
      expect(res.body.error).toEqual({ status: 'successful' });
      const stored = await gw.ctx.db
        .selectFrom('temporal_signups')
        .select('phone')
        .where('public_id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(stored.phone).toBe('233244556677');
      expect(res.body.signupdUser.needsCode).toBe(true);
    },
  );

  it('refuses a referral code of another tenant', async () => {
    const acmeClient = await gw.ctx.db
      .selectFrom('users')
      .select('referralcode')
      .where('username', '=', 'acmeclient')
      .executeTakeFirstOrThrow();
    const res = await temporal(gw, form({ referralcode: acmeClient.referralcode }));
    expect(res.body.error.message).toBe('Referral code not found, please check it or leave it empty');
  });
});

describe('sign-up limits and housekeeping', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('limits sign-ups to 20 an hour per address', async () => {
    for (let i = 0; i < 20; i++)
      expect((await temporal(gw, form(), 'localhost', '10.3.3.3')).body.error.status).toBe('successful');
    const limited = await temporal(gw, form(), 'localhost', '10.3.3.3');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many attempts, please wait 60 minutes and try again');
    expect((await temporal(gw, form(), 'localhost', '10.3.3.4')).status).toBe(200);
  });

  it('limits code checks to 30 per 15 minutes per address', async () => {
    const s = await started(gw);
    const send = (i: number) =>
      call(gw, 'verifysmscode', { temporalid: `nope${i}`, code: '0000' }, { remoteAddress: '10.6.6.6' });
    for (let i = 0; i < 30; i++) expect((await send(i)).status).toBe(200);
    expect((await send(31)).status).toBe(429);
    expect((await verify(gw, s, s.code)).body.isVerified).toBe(true);
  });

  it('keeps no password hash on a finished sign-up and drops sign-ups after a day', async () => {
    const s = await started(gw);
    await verify(gw, s, s.code);
    const done = await gw.ctx.db
      .selectFrom('temporal_signups')
      .selectAll()
      .where('public_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(done.password_hash).toBe('');
    const unfinished = await started(gw);
    gw.clock.advance(24 * 3600 * 1000);
    await temporal(gw, form());
    const left = await gw.ctx.db.selectFrom('temporal_signups').select('public_id').execute();
    expect(left.map((r) => r.public_id)).not.toContain(unfinished.id);
    expect(left.map((r) => r.public_id)).not.toContain(s.id);
    expect(await gw.ctx.db.selectFrom('codes').select('id').where('purpose', '=', 'signup').execute()).toEqual([]);
  });

  it('accepts a code sent as a number, leading zeros restored', async () => {
    const s = await started(gw);
    const res = await call(gw, 'verifysmscode', {
      codeId: s.codeId,
      code: Number(s.code),
      temporalid: s.id,
      country: 'Ghana',
    });
    expect(res.body.isVerified).toBe(true);
  });
});

describe('sign-ups outside Ghana', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('skip the code: signup with the temporal id creates the account', async () => {
    const body = form({ country: 'Nigeria', phone: '2348031234567' });
    const t = await temporal(gw, body);
    expect(t.body.signupdUser).toMatchObject({ needsCode: false, verified: true, country: 'Nigeria' });
    const noCode = await call(gw, 'sendsmscode', { subscriber: t.body.id });
    expect(noCode.body.error.message).toBe('Sign-ups outside Ghana need no code: complete the sign-up');
    const res = await call(gw, 'signup', { id: t.body.id });
    expect(res.status).toBe(200);
    expect(res.body.userInfo).toMatchObject({
      username: body.username,
      country: 'Nigeria',
      creditbalance: 10,
      supid: 6,
    });
    expect(res.body.userInfo.token).toBeTruthy();
    expect((await call(gw, 'signup', { id: t.body.id })).body.error.message).toBe(
      'This sign-up is already complete, please log in',
    );
  });

  it('take a blank country as Ghana, code and all', async () => {
    const t = await temporal(gw, form({ country: '  ', phone: '0241112233' }));
    expect(t.body.signupdUser).toMatchObject({ country: 'Ghana', needsCode: true, verified: false });
  });

  it.each([['+233241112222'], ['0244000001'], ['00233244000002'], ['244000004']])(
    'still need the code for the Ghana number %s, whatever the country says',
    async (phone) => {
      const t = await temporal(gw, form({ country: 'Togo', phone }));
      expect(t.body.signupdUser.needsCode).toBe(true);
      expect(t.body.signupdUser.verified).toBe(false);
      expect((await call(gw, 'signup', { id: t.body.id })).body.error.message).toBe(
        'Please confirm your mobile number with the code sent to it first',
      );
    },
  );

  it("gives a new account 'TEST' as its approved sender ID, until profile 6 approves one of its own", async () => {
    const t = await temporal(gw, form({ country: 'Nigeria', phone: '+2348035559999' }));
    const me = (await call(gw, 'signup', { id: t.body.id })).body.userInfo;
    expect(me).toMatchObject({ senderidapproved: 'TEST', pendingsenderid: '' });
    const asked = await call(
      gw,
      'senderidrequest',
      { profile_id: me.profile_id, pendingsenderid: 'MYSHOP' },
      { token: me.token },
    );
    expect(asked.body.userInfo).toMatchObject({ senderidapproved: 'TEST', pendingsenderid: 'MYSHOP' });
    const sup = await login(gw, 'supervisor', 'supervisor123');
    const decided = await call(
      gw,
      'approvesenderid',
      { profile_id: 6, id: me.profile_id, pendingsenderid: 'MYSHOP' },
      { token: sup.token },
    );
    expect(decided.body.userInfo).toMatchObject({ senderidapproved: 'MYSHOP', pendingsenderid: '' });
  });

  it('grants the free credits once per phone number, however it is written', async () => {
    const first = await temporal(gw, form({ country: 'Nigeria', phone: '+2348035550001' }));
    expect((await call(gw, 'signup', { id: first.body.id })).body.userInfo.creditbalance).toBe(10);
    const again = await temporal(gw, form({ country: 'Nigeria', phone: '002348035550001' }));
    const second = await call(gw, 'signup', { id: again.body.id });
    expect(second.status).toBe(200);
    expect(second.body.userInfo.creditbalance).toBe(0);
  });
});

describe('codes texted to one number', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  it('sends one phone at most 5 codes an hour, across sign-ups written differently and resets', async () => {
    const sent: number[] = [];
    for (const [i, phone] of [
      '0244777001',
      '233244777001',
      '+233244777001',
      '00233244777001',
      '0244777001',
      '233244777001',
    ].entries()) {
      const t = await temporal(gw, form({ phone }), 'localhost', `10.7.0.${i}`);
      const res = await call(gw, 'sendsmscode', { subscriber: t.body.id }, { remoteAddress: `10.7.0.${i}` });
      sent.push(res.status);
    }
    expect(sent).toEqual([200, 200, 200, 200, 200, 429]);
    gw.clock.advance(3_600_000);
    const t = await temporal(gw, form({ phone: '0244777001' }));
    expect((await call(gw, 'sendsmscode', { subscriber: t.body.id })).status).toBe(200);
  });
});
