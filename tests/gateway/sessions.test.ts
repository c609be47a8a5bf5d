// Signed-in devices: each sign-in's session with its device, address, first and last use; the caller's
// marked; one or all others ended (their next call is "Invalid Token"); a password change or reset
// ends the others; a new device is texted about.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetsSettled } from '../../server/src/routes/password-reset';
import { call, lastTextTo, makeTestApp, type TestGateway } from './helpers/test-app';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const DEMO_PHONE = '233241234567';

describe('signed-in devices', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await makeTestApp();
  });
  afterEach(() => gw.close());

  async function signIn(userAgent: string, remoteAddress: string, username = 'demouser', password = 'demo12345') {
    const res = await call(
      gw,
      'login',
      { emailusername: username, password },
      { headers: { 'user-agent': userAgent }, remoteAddress },
    );
    expect(res.status).toBe(200);
    return res.body.userInfo as { token: string; profile_id: number };
  }
  const as = (who: { token: string; profile_id: number }, name: string, body: object = {}) =>
    call(gw, name, { profile_id: who.profile_id, ...body }, { token: who.token });

  it('lists each session with its device in words, address, first and last use, and marks the caller’s', async () => {
    const phone = await signIn(CHROME_ANDROID, '10.1.0.1');
    gw.clock.advance(60_000);
    const laptop = await signIn(FIREFOX_WINDOWS, '10.1.0.2');
    gw.clock.advance(120_000);
    await as(phone, 'fetchuser');
    const res = await as(laptop, 'sessions');
    expect(res.status).toBe(200);
    const sessions = res.body.sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    const byDevice = (device: string) => sessions.find((s) => s.device === device);
    expect(byDevice('Chrome on Android')).toMatchObject({
      device: 'Chrome on Android',
      ip: '10.1.0.1',
      current: false,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-20T10:03:00.000Z',
    });
    expect(byDevice('Firefox on Windows')).toMatchObject({
      ip: '10.1.0.2',
      current: true,
      createdAt: '2026-11-20T10:01:00.000Z',
      lastSeenAt: '2026-11-20T10:03:00.000Z',
    });
    expect(JSON.stringify(res.body)).not.toContain(phone.token);
    expect(JSON.stringify(res.body)).not.toContain(laptop.token);
  });

  it('ends one session: its next call is Invalid Token, the caller’s goes on', async () => {
    const phone = await signIn(CHROME_ANDROID, '10.1.0.1');
    const laptop = await signIn(FIREFOX_WINDOWS, '10.1.0.2');
    const phoneId = ((await as(laptop, 'sessions')).body.sessions as { id: string; current: boolean }[]).find(
      (s) => !s.current,
    )?.id;
    const ended = await as(laptop, 'endsession', { id: phoneId });
    expect(ended.status).toBe(200);
    const next = await as(phone, 'fetchuser');
    expect(next.status).toBe(401);
    expect(next.body.message).toBe('Invalid Token');
    expect((await as(laptop, 'fetchuser')).status).toBe(200);
    // Ended already, or never one of the caller's: 404, nothing else ends.
    const again = await as(laptop, 'endsession', { id: phoneId });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('This session is not one of your signed-in devices, or it has already ended');
  });

  it("refuses another account's session id and leaves it alive", async () => {
    const mine = await signIn(CHROME_ANDROID, '10.1.0.1');
    const theirs = await signIn(SAFARI_IPHONE, '10.1.0.3', 'supervisor', 'supervisor123');
    const theirId = ((await as(theirs, 'sessions')).body.sessions as { id: string }[])[0]?.id;
    const res = await as(mine, 'endsession', { id: theirId });
    expect(res.status).toBe(404);
    expect((await as(theirs, 'fetchuser')).status).toBe(200);
    expect((await as(mine, 'endsession', { id: '' })).status).toBe(400);
  });

  it('ends every other session at once', async () => {
    const a = await signIn(CHROME_ANDROID, '10.1.0.1');
    const b = await signIn(SAFARI_IPHONE, '10.1.0.2');
    const c = await signIn(FIREFOX_WINDOWS, '10.1.0.3');
    const res = await as(c, 'endothersessions');
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    expect((await as(a, 'fetchuser')).status).toBe(401);
    expect((await as(b, 'fetchuser')).status).toBe(401);
    expect((await as(c, 'sessions')).body.sessions).toHaveLength(1);
  });

  it('a password change ends the others; a reset ends them all', async () => {
    const a = await signIn(CHROME_ANDROID, '10.1.0.1');
    const b = await signIn(FIREFOX_WINDOWS, '10.1.0.2');
    const changed = await as(b, 'changeownpassword', {
      currentPassword: 'demo12345',
      newPassword: 'new-pass-1',
      confirmNewPassword: 'new-pass-1',
    });
    expect(changed.status).toBe(200);
    expect((await as(a, 'fetchuser')).status).toBe(401);
    expect((await as(b, 'fetchuser')).status).toBe(200);
    await call(gw, 'setpasswordreset', { email: 'demo@example.com', supid: 6 });
    await resetsSettled();
    const code = /\b(\d{4})\b/.exec((await lastTextTo(gw, DEMO_PHONE))?.text ?? '')?.[1] ?? '';
    const reset = await call(gw, 'changepassword', {
      email: 'demo@example.com',
      resetCode: code,
      newPassword: 'newer-pass-2',
      confirmNewPassword: 'newer-pass-2',
    });
    expect(reset.body.passwordchanged).toBe(true);
    expect((await as(b, 'fetchuser')).status).toBe(401);
  });

  it('texts the account about a sign-in from a browser it never used, not about a known one', async () => {
    await signIn(CHROME_ANDROID, '10.1.0.1');
    const before = await lastTextTo(gw, DEMO_PHONE);
    await signIn(CHROME_ANDROID, '10.1.0.9');
    expect((await lastTextTo(gw, DEMO_PHONE))?.id).toBe(before?.id);
    await signIn(SAFARI_IPHONE, '10.1.0.2');
    const notice = await lastTextTo(gw, DEMO_PHONE);
    expect(notice?.text).toBe(
      'New sign-in to your account from Safari on iPhone. If it was not you, change your password and sign out the other devices from your profile.',
    );
  });

  it('sends at most 5 notices an hour to one account', async () => {
    await signIn('first-agent', '10.1.0.1');
    for (let i = 0; i < 8; i += 1) await signIn(`agent-${i} Firefox/1${i} (Windows)`, '10.1.0.1');
    const texts = await gw.ctx.db
      .selectFrom('carrier_messages')
      .select('text')
      .where('to_number', '=', DEMO_PHONE)
      .where('text', 'like', 'New sign-in%')
      .execute();
    expect(texts).toHaveLength(5);
  });
});
