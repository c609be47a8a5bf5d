// The account's recovery channel (its phone, where reset codes go, and its e-mail) is never moved by a
// session alone: the current password is asked (and the two-step code when it is on), the change is in
// the audit log, and the old number is told (docs/api.md#editing-ones-own-account).
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastTextTo, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { makeKey } from './helpers/api-v1';

const PASSWORD = 'demo12345';
const OLD_PHONE = '233241234567';
const NEW_PHONE = '233209876543';
const PHONE_NOTICE =
  'The mobile number of your account was changed to a number ending in 543: password reset codes now go there. If it was not you, sign in now, change your password and set your number back.';
const EMAIL_NOTICE =
  'The e-mail address of your account was changed. If it was not you, sign in now, change your password and set your e-mail back.';

const codeIn = (text: string | undefined) => /\b(\d{4})\b/.exec(text ?? '')?.[1] ?? '';

describe('moving the recovery channel', () => {
  let gw: TestGateway;
  let me: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    me = await login(gw, 'demouser', PASSWORD);
  });
  afterEach(() => gw.close());

  const as = (name: string, body: object) =>
    call(gw, name, { profile_id: me.profile_id, ...body }, { token: me.token, remoteAddress: '10.4.4.4' });
  const account = () =>
    gw.ctx.db.selectFrom('users').selectAll().where('profile_id', '=', me.profile_id).executeTakeFirstOrThrow();
  const auditRows = (action: string) =>
    gw.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action as never)
      .orderBy('id')
      .execute();
  const textsTo = (to: string) =>
    gw.ctx.db.selectFrom('carrier_messages').selectAll().where('to_number', '=', to).orderBy('id').execute();

  /** A code texted to the new number, as the phone card asks for it. */
  async function phoneCode(phone = NEW_PHONE) {
    expect((await as('sendphonecode', { phone })).status).toBe(200);
    return codeIn((await lastTextTo(gw, phone))?.text);
  }

  describe('changephone', () => {
    it('refuses a token alone: no password, or a wrong one, keeps the number and spends no code', async () => {
      const code = await phoneCode();
      const bare = await as('changephone', { phone: NEW_PHONE, code });
      expect(bare.status).toBe(400);
      expect(bare.body.error).toEqual({ status: 'failed', message: 'Please enter your current password' });
      const wrong = await as('changephone', { phone: NEW_PHONE, code, currentPassword: 'not-mine-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toEqual({ status: 'failed', message: 'Your current password is not correct' });
      expect((await account()).telnumber).toBe(OLD_PHONE);
      expect(await auditRows('phone_changed')).toEqual([]);
      // The code was not spent by the refusals: with the password it still moves the number.
      const done = await as('changephone', { phone: NEW_PHONE, code, currentPassword: PASSWORD });
      expect(done.status).toBe(200);
      expect(done.body.userInfo.telnumber).toBe(NEW_PHONE);
    });

    it('with the password: audited with both numbers, the old number is told, the new one is not', async () => {
      const code = await phoneCode();
      const before = (await textsTo(OLD_PHONE)).length;
      const done = await as('changephone', { phone: '0209876543', code, currentPassword: PASSWORD });
      expect(done.status).toBe(200);
      const [row, ...more] = await auditRows('phone_changed');
      expect(more).toEqual([]);
      expect(row).toMatchObject({ profile_id: me.profile_id, actor_name: 'demouser', ip: '10.4.4.4' });
      expect(JSON.parse(row!.details)).toEqual({ before: OLD_PHONE, after: NEW_PHONE });
      expect(row!.details).not.toContain(PASSWORD);
      const toOld = await textsTo(OLD_PHONE);
      expect(toOld).toHaveLength(before + 1);
      expect(toOld.at(-1)!.text).toBe(PHONE_NOTICE);
      expect((await lastTextTo(gw, NEW_PHONE))!.text).toMatch(/^Your code to confirm/);
    });

    it('tells the old number even after a session used up the other security notices of the hour', async () => {
      // Each key made with the session texts a notice (5 an hour at most): a thief cannot spend them first.
      for (let i = 0; i < 6; i++) await makeKey(gw, me.token, { name: `k${i}` });
      const code = await phoneCode();
      expect((await as('changephone', { phone: NEW_PHONE, code, currentPassword: PASSWORD })).status).toBe(200);
      expect((await lastTextTo(gw, OLD_PHONE))!.text).toBe(PHONE_NOTICE);
    });

    it('counts wrong passwords with the password change’s: 10 in 15 minutes lock the check (429)', async () => {
      const code = await phoneCode();
      for (let i = 0; i < 10; i++)
        expect((await as('changephone', { phone: NEW_PHONE, code, currentPassword: `guess-${i}` })).status).toBe(400);
      const locked = await as('changephone', { phone: NEW_PHONE, code, currentPassword: PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.body.error.message).toBe('Too many attempts, please wait 15 minutes and try again');
      const change = await as('changeownpassword', {
        currentPassword: PASSWORD,
        newPassword: 'fresh-pass1',
        confirmNewPassword: 'fresh-pass1',
      });
      expect(change.status).toBe(429);
      expect((await account()).telnumber).toBe(OLD_PHONE);
    });

    it('asks for the two-step code too when two-step sign-in is on', async () => {
      const { secret } = (await as('twostepstart', {})).body as { secret: string };
      const totp = () => generate({ secret, epoch: Math.floor(gw.clock.now / 1000) });
      expect((await as('twostepconfirm', { code: await totp() })).status).toBe(200);
      gw.clock.advance(30_000);
      const code = await phoneCode();
      const noCode = await as('changephone', { phone: NEW_PHONE, code, currentPassword: PASSWORD });
      expect(noCode.status).toBe(400);
      expect(noCode.body.error.message).toBe('Please enter the 6-digit code your authenticator app shows');
      const wrong = await as('changephone', {
        phone: NEW_PHONE,
        code,
        currentPassword: PASSWORD,
        twoStepCode: '000000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(
        'Wrong code, please enter the 6-digit code your authenticator app shows now',
      );
      expect((await account()).telnumber).toBe(OLD_PHONE);
      const done = await as('changephone', {
        phone: NEW_PHONE,
        code,
        currentPassword: PASSWORD,
        twoStepCode: await totp(),
      });
      expect(done.status).toBe(200);
      expect(done.body.userInfo.telnumber).toBe(NEW_PHONE);
    });
  });

  describe('updateprofile', () => {
    it('refuses a new e-mail with a token alone or a wrong password, and keeps the address', async () => {
      const bare = await as('updateprofile', { email: 'thief@example.com', companyname: 'Demo' });
      expect(bare.status).toBe(400);
      expect(bare.body.error).toEqual({ status: 'failed', message: 'Please enter your current password' });
      const wrong = await as('updateprofile', {
        email: 'thief@example.com',
        companyname: 'Demo',
        currentPassword: 'not-mine-1',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toEqual({ status: 'failed', message: 'Your current password is not correct' });
      expect((await account()).email).toBe('demo@example.com');
      expect(await auditRows('email_changed')).toEqual([]);
    });

    it('with the password: audited with both addresses, and the account’s number is told', async () => {
      const { companyname } = await account();
      const done = await as('updateprofile', {
        email: 'owner@example.com',
        companyname,
        currentPassword: PASSWORD,
      });
      expect(done.status).toBe(200);
      expect(done.body.userInfo.email).toBe('owner@example.com');
      const [row, ...more] = await auditRows('email_changed');
      expect(more).toEqual([]);
      expect(JSON.parse(row!.details)).toEqual({ before: 'demo@example.com', after: 'owner@example.com' });
      expect((await lastTextTo(gw, OLD_PHONE))!.text).toBe(EMAIL_NOTICE);
    });

    it('saves the company, or the e-mail in another case, without the password: the channel stays', async () => {
      const company = await as('updateprofile', { email: 'demo@example.com', companyname: 'Demo Two' });
      expect(company.status).toBe(200);
      const cased = await as('updateprofile', { email: 'DEMO@example.com', companyname: 'Demo Two' });
      expect(cased.status).toBe(200);
      expect(await auditRows('email_changed')).toEqual([]);
      expect(await lastTextTo(gw, OLD_PHONE)).toBeUndefined();
    });
  });
});
