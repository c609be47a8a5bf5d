import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastTextTo, login, makeTestApp, type TestGateway } from './helpers/test-app';

const DEMO_PHONE = '233241234567';
const WRONG_CODE = 'Wrong Code Entered, please re-enter code again or resend code again';

const requestReset = (gw: TestGateway, email: string, host = 'localhost', remoteAddress?: string) =>
  call(gw, 'setpasswordreset', { email, supid: 6 }, { host, remoteAddress });

const change = (gw: TestGateway, body: Record<string, unknown>, remoteAddress?: string) =>
  call(gw, 'changepassword', { newPassword: 'brand-new1', confirmNewPassword: 'brand-new1', ...body }, { remoteAddress });

async function texts(gw: TestGateway, to: string) {
  return gw.ctx.db.selectFrom('carrier_messages').selectAll().where('to_number', '=', to).orderBy('id').execute();
}

async function codeFor(gw: TestGateway, phone: string) {
  return /\b(\d{4})\b/.exec((await lastTextTo(gw, phone))?.text ?? '')?.[1] ?? '';
}

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('password reset', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await makeTestApp();
  });
  afterEach(() => gw.close());

  it('sends a code to the phone; the new password works, the old one and old sessions do not', async () => {
    const before = await login(gw, 'demouser', 'demo12345');
    const res = await requestReset(gw, 'Demo@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ passcodeSet: true });
    const sms = await lastTextTo(gw, DEMO_PHONE);
    expect(sms).toMatchObject({ from_id: 'BULKSMS' });
    expect(sms!.text).toMatch(/^Your Bulk SMS Ghana password reset code is \d{4}\./);

    const done = await change(gw, { resetCode: await codeFor(gw, DEMO_PHONE) });
    expect(done.body).toEqual({ passwordchanged: true });
    expect((await call(gw, 'login', { emailusername: 'demouser', password: 'demo12345' })).status).toBe(401);
    expect((await login(gw, 'demouser', 'brand-new1')).username).toBe('demouser');
    const old = await call(gw, 'fetchuser', {}, { token: before.token });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid Token');
    // The code is spent.
    expect((await change(gw, { resetCode: sms!.text.match(/\d{4}/)![0], newPassword: 'x'.repeat(8), confirmNewPassword: 'x'.repeat(8) })).body.passwordchanged).toBe(false);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await gw.ctx.db.selectFrom('carrier_messages').select('id').execute();
    const res = await requestReset(gw, 'nobody@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ passcodeSet: true });
    expect(await gw.ctx.db.selectFrom('carrier_messages').select('id').execute()).toHaveLength(before.length);
  });

  it('sends nothing for an account of another tenant, with the same answer', async () => {
    const res = await requestReset(gw, 'client@acme.example.com', 'localhost');
    expect(res.body).toEqual({ passcodeSet: true });
    expect(await texts(gw, '233200000000')).toHaveLength(0);
    await requestReset(gw, 'client@acme.example.com', 'acme.localhost');
    expect(await lastTextTo(gw, '233200000000')).toMatchObject({ from_id: 'ACME' });
  });

  it('refuses a malformed e-mail with the reset text', async () => {
    const res = await requestReset(gw, 'not-an-email');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ passcodeSet: false, error: { status: 'failed', message: 'Please enter a valid email' } });
  });

  it('sends 3 codes per account, then quietly no more until an hour has passed', async () => {
    for (let i = 0; i < 5; i++) expect((await requestReset(gw, 'demo@example.com')).body).toEqual({ passcodeSet: true });
    expect(await texts(gw, DEMO_PHONE)).toHaveLength(3);
    gw.clock.advance(3600 * 1000);
    await requestReset(gw, 'demo@example.com');
    expect(await texts(gw, DEMO_PHONE)).toHaveLength(4);
  });

  it('only the newest code counts after a resend', async () => {
    await requestReset(gw, 'demo@example.com');
    const first = await codeFor(gw, DEMO_PHONE);
    await requestReset(gw, 'demo@example.com');
    const latest = await codeFor(gw, DEMO_PHONE);
    // One draw in 10,000 repeats the code; then only the second check means anything.
    if (latest !== first) expect((await change(gw, { resetCode: first })).body.passwordchanged).toBe(false);
    expect((await change(gw, { resetCode: latest })).body).toEqual({ passwordchanged: true });
  });

  it.each([
    [{ resetCode: '' }, 'Please enter code sent to your phone'],
    [{ resetCode: '1234', newPassword: 'abc', confirmNewPassword: 'abc' }, 'Password must be more than six characters'],
    [{ resetCode: '1234', confirmNewPassword: 'different1' }, 'Please ensure passwords the are same'],
  ])('changepassword refuses %j with "%s"', async (body, message) => {
    const res = await change(gw, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ passwordchanged: false, error: { status: 'failed', message } });
  });

  it('refuses a wrong code and keeps the password', async () => {
    await requestReset(gw, 'demo@example.com');
    const code = await codeFor(gw, DEMO_PHONE);
    const res = await change(gw, { resetCode: otherCode(code) });
    expect(res.body).toEqual({ passwordchanged: false, error: { status: 'failed', message: WRONG_CODE } });
    expect((await login(gw, 'demouser', 'demo12345')).username).toBe('demouser');
  });

  it('refuses an expired code (600 s)', async () => {
    await requestReset(gw, 'demo@example.com');
    const code = await codeFor(gw, DEMO_PHONE);
    gw.clock.advance(600_000);
    expect((await change(gw, { resetCode: code })).body.passwordchanged).toBe(false);
    expect((await change(gw, { resetCode: code, email: 'demo@example.com' })).body.error.message).toBe(
      'The code has expired, please request a new code',
    );
  });

  it('with the e-mail, allows 7 attempts at the code', async () => {
    await requestReset(gw, 'demo@example.com');
    const code = await codeFor(gw, DEMO_PHONE);
    for (let i = 0; i < 7; i++) {
      expect((await change(gw, { resetCode: otherCode(code), email: 'demo@example.com' })).body.error.message).toBe(WRONG_CODE);
    }
    const spent = await change(gw, { resetCode: code, email: 'demo@example.com' });
    expect(spent.body).toEqual({ passwordchanged: false, error: { status: 'failed', message: 'Too many wrong codes, please request a new code' } });
    // A code of one account does not change another's password.
    expect((await change(gw, { resetCode: code, email: 'nobody@example.com' })).body.error.message).toBe(WRONG_CODE);
  });

  it('rate-limits reset requests and code guesses per address', async () => {
    for (let i = 0; i < 10; i++) expect((await requestReset(gw, `x${i}@example.com`, 'localhost', '10.1.1.1')).status).toBe(200);
    const limited = await requestReset(gw, 'x@example.com', 'localhost', '10.1.1.1');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many attempts, please wait 15 minutes and try again');
    for (let i = 0; i < 20; i++) await change(gw, { resetCode: String(1000 + i) }, '10.2.2.2');
    expect((await change(gw, { resetCode: '0000' }, '10.2.2.2')).status).toBe(429);
  });
});
