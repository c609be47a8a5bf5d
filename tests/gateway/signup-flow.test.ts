import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastTextTo, login, makeTestApp, type TestGateway } from './helpers/test-app';
import { codeFor, form, otherCode, started, temporal, verify, WRONG_CODE_ANSWER } from './helpers/signup-fixtures';

describe('the Ghana sign-up flow', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await makeTestApp();
  });
  afterEach(() => gw.close());

  it('sends a code through the carrier, verifies it and signs the new user in', async () => {
    const demo = await gw.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'demouser')
      .executeTakeFirstOrThrow();
    const s = await started(gw, { referralcode: demo.referralcode.toLowerCase() });
    const sms = await lastTextTo(gw, s.body.phone);
    expect(sms).toMatchObject({ from_id: 'BULKSMS', status: 'SENT' });
    expect(sms!.text).toMatch(/^Your verification code is \d{4}\. It expires in 10 minutes\.$/);
    // Only the hash of the code is stored: a SHA-256 digest in hex. (A 4-digit code can appear inside
    // a digest by chance, about one run in a hundred, so its absence is not what is checked.)
    const row = await gw.ctx.db.selectFrom('codes').selectAll().where('id', '=', s.codeId).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toBe(s.code);

    const res = await verify(gw, s, s.code);
    expect(res.status).toBe(200);
    expect(res.body.isVerified).toBe(true);
    const info = res.body.userInfo;
    expect(info).toMatchObject({
      username: s.body.username,
      email: s.body.email,
      telnumber: s.body.phone,
      companyname: 'New Co',
      accountType: 'REGULAR',
      supid: 6,
      isAdmin: false,
      creditbalance: 10,
      content: 'local',
      dashboardTab: true,
      scheduledsmsTab: true,
      recurringsmsTab: true,
      credithistoryTab: true,
    });
    expect(info.creditexpires).toBeGreaterThan(gw.clock.now / 1000 + 80 * 24 * 3600);
    expect((await call(gw, 'fetchuser', {}, { token: info.token })).body.userInfo.username).toBe(s.body.username);
    const stored = await gw.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', info.profile_id)
      .executeTakeFirstOrThrow();
    expect(stored.referred_by).toBe(demo.profile_id);
    // The new user can log in with the password of the form, and the sign-up cannot be reused.
    expect((await login(gw, s.body.username, 'secret1')).profile_id).toBe(info.profile_id);
    expect((await verify(gw, s, s.code)).body).toEqual({
      isVerified: false,
      error: { status: 'failed', message: 'This sign-up is already complete, please log in' },
    });
    expect((await call(gw, 'signup', { id: s.id })).body.error.message).toBe(
      'This sign-up is already complete, please log in',
    );
    expect((await call(gw, 'sendsmscode', { subscriber: s.id })).body.error.message).toBe(
      'This sign-up is already complete, please log in',
    );
  });

  it('signs up under a reseller with its sender ID and brand', async () => {
    const s = await started(gw, {}, 'acme.localhost');
    expect(await lastTextTo(gw, s.body.phone)).toMatchObject({ from_id: 'ACME' });
    // The code's text is fixed: the sender ID (approved) is the brand, nothing the reseller typed.
    expect((await lastTextTo(gw, s.body.phone))!.text).toMatch(/^Your verification code is \d{4}\./);
    const res = await verify(gw, s, s.code, 'acme.localhost');
    const acme = await gw.ctx.db
      .selectFrom('users')
      .select('profile_id')
      .where('username', '=', 'acmeadmin')
      .executeTakeFirstOrThrow();
    expect(res.body.userInfo.supid).toBe(acme.profile_id);
    expect(res.body.userInfo.logo).toContain('acme-logo');
  });

  it('refuses a wrong code and counts the attempts down to none', async () => {
    const s = await started(gw);
    const wrong = otherCode(s.code);
    for (let i = 0; i < 7; i++) expect((await verify(gw, s, wrong)).body).toEqual(WRONG_CODE_ANSWER);
    const spent = await verify(gw, s, s.code);
    expect(spent.body).toEqual({
      isVerified: false,
      error: { status: 'failed', message: 'No attempts left for this code, please resend code' },
    });
    // A resend gives a new code with 7 new attempts.
    await call(gw, 'sendsmscode', { subscriber: s.id });
    const again = await verify(gw, s, await codeFor(gw, s.body.phone));
    expect(again.body.isVerified).toBe(true);
  });

  it('expires the code after 600 s; a resend restarts the timer', async () => {
    const s = await started(gw);
    gw.clock.advance(600_000);
    expect((await verify(gw, s, s.code)).body).toEqual({
      isVerified: false,
      error: { status: 'failed', message: 'The code has expired, please resend code' },
    });
    const resent = await call(gw, 'sendsmscode', { subscriber: s.id });
    expect(resent.body.codeId).toBe(s.codeId);
    const fresh = await codeFor(gw, s.body.phone);
    gw.clock.advance(599_000);
    expect((await verify(gw, s, fresh)).body.isVerified).toBe(true);
  });

  it('a resent code replaces the old one', async () => {
    const s = await started(gw);
    let fresh = s.code;
    // Draw until the new code differs (1 in 10,000 it does not).
    while (fresh === s.code) {
      await call(gw, 'sendsmscode', { subscriber: s.id });
      fresh = await codeFor(gw, s.body.phone);
      if (fresh === s.code)
        await gw.ctx.db.updateTable('codes').set({ sends_left: 3 }).where('id', '=', s.codeId).execute();
    }
    expect((await verify(gw, s, s.code)).body).toEqual(WRONG_CODE_ANSWER);
    expect((await verify(gw, s, fresh)).body.isVerified).toBe(true);
  });

  it('sends at most 4 codes for one sign-up', async () => {
    const s = await started(gw);
    for (let i = 0; i < 3; i++) expect((await call(gw, 'sendsmscode', { subscriber: s.id })).status).toBe(200);
    const fifth = await call(gw, 'sendsmscode', { subscriber: s.id, phone: s.body.phone });
    expect(fifth.status).toBe(400);
    expect(fifth.body).toEqual({
      error: { status: 'failed', message: 'The code has been sent 4 times already, please sign up again' },
    });
    const texts = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select('id')
      .where('to_number', '=', s.body.phone)
      .execute();
    expect(texts).toHaveLength(4);
  });

  it('sends the code to the number of the sign-up, never the one in the body', async () => {
    const body = form();
    const t = await temporal(gw, body);
    await call(gw, 'sendsmscode', { subscriber: t.body.id, phone: '233209999999' });
    expect(await lastTextTo(gw, '233209999999')).toBeUndefined();
    expect(await lastTextTo(gw, body.phone)).toBeDefined();
  });

  it('refuses sendsmscode and verifysmscode for an unknown or expired sign-up', async () => {
    const unknown = await call(gw, 'sendsmscode', { subscriber: 'nope', phone: '233241234567' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Sign-up not found or expired, please sign up again');
    expect((await call(gw, 'sendsmscode', { subscriber: 1 })).status).toBe(404);
    expect((await verify(gw, { id: 'nope', codeId: 1 }, '1234')).body).toEqual({
      isVerified: false,
      error: { status: 'failed', message: 'Sign-up not found or expired, please sign up again' },
    });
    const s = await started(gw);
    gw.clock.advance(24 * 3600 * 1000);
    expect((await call(gw, 'sendsmscode', { subscriber: s.id })).status).toBe(404);
  });

  it('asks for a code before one was sent', async () => {
    const t = await temporal(gw, form());
    expect((await verify(gw, { id: t.body.id, codeId: 0 }, '1234')).body).toEqual({
      isVerified: false,
      error: { status: 'failed', message: 'No code is waiting for this sign-up, please resend code' },
    });
  });

  it('signup refuses a Ghana sign-up that is not verified', async () => {
    const t = await temporal(gw, form());
    const res = await call(gw, 'signup', { id: t.body.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      status: 'failed',
      message: 'Please confirm your mobile number with the code sent to it first',
    });
    expect((await call(gw, 'signup', { id: 'unknown' })).status).toBe(404);
  });

  it('lets two sign-ups in progress share a name; the first to finish wins', async () => {
    const first = await started(gw);
    const second = await started(gw, { username: first.body.username.toUpperCase() });
    expect((await verify(gw, first, first.code)).body.isVerified).toBe(true);
    expect((await verify(gw, second, second.code)).body).toEqual({
      isVerified: false,
      error: { status: 'failed', message: 'Username already exists' },
    });
  });
});
