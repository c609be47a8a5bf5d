// Two-step sign-in: enrolment with a first code, sign-in with the code (one step of drift, each code
// once), recovery codes, attempt limits, the reset that does not bypass it, turning it off, and the
// requirement a reseller sets for itself and its admins.
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetsSettled } from '../../server/src/routes/password-reset';
import { call, lastTextTo, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';

const DEMO = { username: 'demouser', password: 'demo12345' };
const DEMO_PHONE = '233241234567';

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('two-step sign-in', () => {
  let gw: TestGateway;
  let me: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    me = await login(gw, DEMO.username, DEMO.password);
  });
  afterEach(() => gw.close());

  const as = (who: Session, name: string, body: object = {}, host = 'localhost') =>
    call(gw, name, { profile_id: who.profile_id, ...body }, { token: who.token, host });
  const signIn = (username = DEMO.username, password = DEMO.password, host = 'localhost') =>
    call(
      gw,
      'login',
      { emailusername: username, password },
      { host, headers: { 'user-agent': 'Firefox/120 (X11; Linux)' } },
    );

  /** Turns two-step on for `who`: answers the secret and the recovery codes. */
  async function enrol(who: Session = me, host = 'localhost') {
    const started = await as(who, 'twostepstart', {}, host);
    expect(started.status).toBe(200);
    const { secret, uri } = started.body as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    const confirmed = await as(who, 'twostepconfirm', { code: await codeAt(secret, gw.clock.now) }, host);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.userInfo.twostep).toBe(true);
    gw.clock.advance(30_000);
    return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  it('keeps the old login answer when two-step is off', async () => {
    const res = await signIn();
    expect(res.status).toBe(200);
    expect(res.body.userInfo.token).toBeTruthy();
    expect(res.body.userInfo.twostep).toBe(false);
    expect(res.body.challenge).toBeUndefined();
  });

  it('enrols with a first code and ten recovery codes stored hashed, then asks every sign-in for a code', async () => {
    const { secret, recoveryCodes } = await enrol();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await gw.ctx.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('profile_id', '=', me.profile_id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    const first = await signIn();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoStep: 'code', challenge: expect.any(String) });
    const done = await call(gw, 'logincode', {
      challenge: first.body.challenge,
      code: await codeAt(secret, gw.clock.now),
    });
    expect(done.status).toBe(200);
    expect(done.body.userInfo.token).toBeTruthy();
    expect(done.body.userInfo.username).toBe('demouser');
    // The challenge is spent.
    const again = await call(gw, 'logincode', { challenge: first.body.challenge, code: '000000' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This sign-in has expired, please sign in again');
  });

  it('refuses a wrong first code and a confirmation without a start', async () => {
    const none = await as(me, 'twostepconfirm', { code: '123456' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Please start setting up two-step sign-in first');
    const started = await as(me, 'twostepstart');
    const wrong = await as(me, 'twostepconfirm', { code: 'abcdef' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^Wrong code/);
    expect((await as(me, 'fetchuser')).body.userInfo.twostep).toBe(false);
    expect(started.body.secret).toBeTruthy();
  });

  it('allows one step of drift either way, not two, and each code once', async () => {
    const { secret } = await enrol();
    const now = gw.clock.now;
    for (const [offset, ok] of [
      [-30_000, true],
      [30_000, true],
      [-90_000, false],
      [90_000, false],
    ] as const) {
      gw.clock.advance(120_000);
      const challenge = (await signIn()).body.challenge as string;
      const res = await call(gw, 'logincode', { challenge, code: await codeAt(secret, gw.clock.now + offset) });
      expect(res.status, `offset ${offset}`).toBe(ok ? 200 : 400);
    }
    expect(gw.clock.now).toBeGreaterThan(now);
    // The same code twice: the second is refused as used, even on a fresh challenge.
    gw.clock.advance(120_000);
    const code = await codeAt(secret, gw.clock.now);
    const a = await call(gw, 'logincode', { challenge: (await signIn()).body.challenge, code });
    expect(a.status).toBe(200);
    const b = await call(gw, 'logincode', { challenge: (await signIn()).body.challenge, code });
    expect(b.status).toBe(400);
    expect(b.body.error.message).toBe('This code has already been used, please wait for the next code');
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { recoveryCodes } = await enrol();
    const code = recoveryCodes[0] as string;
    const first = await call(gw, 'logincode', {
      challenge: (await signIn()).body.challenge,
      code: code.toUpperCase().replace('-', ''),
    });
    expect(first.status).toBe(200);
    const second = await call(gw, 'logincode', { challenge: (await signIn()).body.challenge, code });
    expect(second.status).toBe(400);
    expect(second.body.error.message).toMatch(/^Wrong code/);
  });

  it('limits tries per challenge (7) and per account across challenges (10 in 15 minutes)', async () => {
    await enrol();
    const challenge = (await signIn()).body.challenge as string;
    for (let i = 0; i < 7; i += 1) {
      const res = await call(gw, 'logincode', { challenge, code: '000000' });
      expect(res.status).toBe(400);
    }
    const eighth = await call(gw, 'logincode', { challenge, code: '000000' });
    expect(eighth.status).toBe(429);
    expect(eighth.body.error.message).toBe('Too many wrong codes, please sign in again');
    // A new challenge does not start the account's count again.
    const other = (await signIn()).body.challenge as string;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await call(gw, 'logincode', { challenge: other, code: '000000' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('expires a challenge after 10 minutes and refuses an unknown one', async () => {
    const { secret } = await enrol();
    const challenge = (await signIn()).body.challenge as string;
    gw.clock.advance(10 * 60_000 + 1);
    const late = await call(gw, 'logincode', { challenge, code: await codeAt(secret, gw.clock.now) });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('This sign-in has expired, please sign in again');
    const unknown = await call(gw, 'logincode', { challenge: 'nope', code: '123456' });
    expect(unknown.status).toBe(400);
  });

  it('is not bypassed by a password reset', async () => {
    await enrol();
    await call(gw, 'setpasswordreset', { email: 'demo@example.com', supid: 6 });
    await resetsSettled();
    const code = /\b(\d{4})\b/.exec((await lastTextTo(gw, DEMO_PHONE))?.text ?? '')?.[1] ?? '';
    const reset = await call(gw, 'changepassword', {
      email: 'demo@example.com',
      resetCode: code,
      newPassword: 'brand-new1',
      confirmNewPassword: 'brand-new1',
    });
    expect(reset.body.passwordchanged).toBe(true);
    const res = await signIn(DEMO.username, 'brand-new1');
    expect(res.body.twoStep).toBe('code');
    expect(res.body.userInfo).toBeUndefined();
  });

  it('turns off only with a current code, and texts the account', async () => {
    const { secret } = await enrol();
    const wrong = await as(me, 'twostepoff', { code: '000000' });
    expect(wrong.status).toBe(400);
    const off = await as(me, 'twostepoff', { code: await codeAt(secret, gw.clock.now) });
    expect(off.status).toBe(200);
    expect(off.body.userInfo.twostep).toBe(false);
    expect((await lastTextTo(gw, DEMO_PHONE))?.text).toMatch(/^Two-step sign-in was turned off/);
    expect((await signIn()).body.userInfo.token).toBeTruthy();
    expect(
      await gw.ctx.db.selectFrom('recovery_codes').selectAll().where('profile_id', '=', me.profile_id).execute(),
    ).toEqual([]);
  });

  it('gives new recovery codes for a current code; the old ones stop working', async () => {
    const { secret, recoveryCodes } = await enrol();
    const renewed = await as(me, 'twosteprecovery', { code: await codeAt(secret, gw.clock.now) });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const old = await call(gw, 'logincode', { challenge: (await signIn()).body.challenge, code: recoveryCodes[1] });
    expect(old.status).toBe(400);
    const fresh = await call(gw, 'logincode', {
      challenge: (await signIn()).body.challenge,
      code: renewed.body.recoveryCodes[0],
    });
    expect(fresh.status).toBe(200);
  });

  describe('the requirement', () => {
    it('only a reseller or profile 6 sets it, and only with its own two-step on', async () => {
      const plain = await as(me, 'twosteprequire', { required: true });
      expect(plain.status).toBe(403);
      const acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
      const early = await as(acme, 'twosteprequire', { required: true }, 'acme.localhost');
      expect(early.status).toBe(400);
      expect(early.body.error.message).toBe('Please turn on two-step sign-in for your own account first');
      const { secret } = await enrol(acme, 'acme.localhost');
      const on = await as(acme, 'twosteprequire', { required: true }, 'acme.localhost');
      expect(on.status).toBe(200);
      expect(on.body.userInfo.twosteprequired).toBe(true);
      // Required: it cannot be turned off until the requirement is lifted.
      const off = await as(acme, 'twostepoff', { code: await codeAt(secret, gw.clock.now) }, 'acme.localhost');
      expect(off.status).toBe(400);
      expect(off.body.error.message).toBe('Two-step sign-in is required for your account and cannot be turned off');
    });

    it('makes a supervised admin set two-step up at its next sign-in', async () => {
      const sup = await login(gw, 'supervisor', 'supervisor123');
      await enrol(sup);
      expect((await as(sup, 'twosteprequire', { required: true })).status).toBe(200);
      // acmeadmin is a reseller (an admin) under profile 6.
      const res = await call(
        gw,
        'login',
        { emailusername: 'acmeadmin', password: 'acme12345' },
        { host: 'acme.localhost' },
      );
      expect(res.body.twoStep).toBe('enrol');
      expect(res.body.secret).toBeTruthy();
      const done = await call(
        gw,
        'logincode',
        { challenge: res.body.challenge, code: await codeAt(res.body.secret, gw.clock.now) },
        { host: 'acme.localhost' },
      );
      expect(done.status).toBe(200);
      expect(done.body.userInfo.twostep).toBe(true);
      expect(done.body.recoveryCodes).toHaveLength(10);
      // A plain client of profile 6 is not an admin: its sign-in is unchanged.
      expect((await signIn()).body.userInfo.token).toBeTruthy();
    });
  });
});
