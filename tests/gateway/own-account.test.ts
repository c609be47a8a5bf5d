// Editing one's own account: e-mail and company, a new phone confirmed by a code texted to it, and a
// password change that asks for the current password and signs out the other sessions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalPhone } from '../../src/domain/numbers/phone-number';
import { call, lastTextTo, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';

const WRONG_CODE = 'Wrong Code Entered, please re-enter code again or resend code again';
const NEW_PHONE = '233209876543';
/** A new number or e-mail asks for the current password (recovery-channel.test.ts). */
const PASSWORD = 'demo12345';

const codeIn = (text: string | undefined) => /\b(\d{4})\b/.exec(text ?? '')?.[1] ?? '';
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('editing one’s own account', () => {
  let gw: TestGateway;
  let me: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    me = await login(gw, 'demouser', 'demo12345');
  });
  afterEach(() => gw.close());

  const as = (who: Session, name: string, body: object, remoteAddress?: string) =>
    call(gw, name, { profile_id: who.profile_id, ...body }, { token: who.token, remoteAddress });

  describe('updateprofile (e-mail and company)', () => {
    it('saves both, trimmed; fetchuser and a login with the new address show them', async () => {
      const res = await as(me, 'updateprofile', {
        email: ' new.demo@example.com ',
        companyname: ' Demo Shop Ltd ',
        currentPassword: PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.userInfo).toMatchObject({
        email: 'new.demo@example.com',
        companyname: 'Demo Shop Ltd',
        token: me.token,
        apikey: '',
      });
      const again = await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: me.token });
      expect(again.body.userInfo.email).toBe('new.demo@example.com');
      expect((await login(gw, 'new.demo@example.com', 'demo12345')).username).toBe('demouser');
    });

    it.each([
      ['not-an-address', 'Invalid Email'],
      ['', 'Invalid Email'],
      [`${'a'.repeat(250)}@example.com`, 'Invalid Email'],
    ])('refuses the e-mail %j with 400 "%s"', async (email, message) => {
      const res = await as(me, 'updateprofile', { email, companyname: 'Demo' });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ status: 'failed', message });
    });

    it("refuses another account's address, whatever its case (409), and keeps its own in another case", async () => {
      const taken = await as(me, 'updateprofile', {
        email: 'Admin@ACME.example.com',
        companyname: 'Demo',
        currentPassword: PASSWORD,
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toEqual({ status: 'failed', message: 'Email already exists' });
      const own = await as(me, 'updateprofile', { email: 'DEMO@example.com', companyname: 'Demo' });
      expect(own.status).toBe(200);
      expect(own.body.userInfo.email).toBe('DEMO@example.com');
    });

    it('refuses a company name over 100 characters and a save that changes nothing', async () => {
      const long = await as(me, 'updateprofile', { email: 'demo@example.com', companyname: 'x'.repeat(101) });
      expect(long.body.error.message).toBe('Company name must be 100 characters or fewer');
      const user = (await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: me.token })).body.userInfo;
      const same = await as(me, 'updateprofile', { email: user.email, companyname: user.companyname });
      expect(same.status).toBe(400);
      expect(same.body.error.message).toBe('Nothing to save: the e-mail and company are as they were');
    });

    it('counts 30 saves an hour per account (429), then lets it save again', async () => {
      for (let i = 0; i < 30; i++)
        expect(
          (
            await as(me, 'updateprofile', {
              email: `d${i}@example.com`,
              companyname: 'Demo',
              currentPassword: PASSWORD,
            })
          ).status,
        ).toBe(200);
      const limited = await as(me, 'updateprofile', {
        email: 'd99@example.com',
        companyname: 'Demo',
        currentPassword: PASSWORD,
      });
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toBe('Too many attempts, please wait 60 minutes and try again');
      gw.clock.advance(3600 * 1000);
      expect(
        (await as(me, 'updateprofile', { email: 'd99@example.com', companyname: 'Demo', currentPassword: PASSWORD }))
          .status,
      ).toBe(200);
    });
  });

  describe('sendphonecode and changephone (a new number)', () => {
    it('texts a code to the new number only; the code confirms it and the number is kept as 233...', async () => {
      const sent = await as(me, 'sendphonecode', { phone: '020 987 6543' });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ status: 'successful', message: 'A code has been sent to the new number' });
      const sms = await lastTextTo(gw, NEW_PHONE);
      expect(sms).toMatchObject({ from_id: 'BULKSMS' });
      expect(sms!.text).toMatch(
        /^Your code to confirm this as your account's number is \d{4}\. It expires in 10 minutes\.$/,
      );
      expect(await lastTextTo(gw, '233241234567')).toBeUndefined();

      const done = await as(me, 'changephone', {
        currentPassword: PASSWORD,
        phone: '0209876543',
        code: codeIn(sms!.text),
      });
      expect(done.status).toBe(200);
      expect(done.body.userInfo.telnumber).toBe(NEW_PHONE);
      // The code is spent.
      const again = await as(me, 'changephone', {
        currentPassword: PASSWORD,
        phone: '0241234567',
        code: codeIn(sms!.text),
      });
      expect(again.status).toBe(400);
    });

    it("does not take the code with another number than the one it was sent to, nor another account's code", async () => {
      await as(me, 'sendphonecode', { phone: NEW_PHONE });
      const code = codeIn((await lastTextTo(gw, NEW_PHONE))?.text);
      const swapped = await as(me, 'changephone', { currentPassword: PASSWORD, phone: '233209999999', code });
      expect(swapped.status).toBe(400);
      expect(swapped.body.error.message).toBe(WRONG_CODE);
      const acme = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
      const stolen = await call(
        gw,
        'changephone',
        { profile_id: acme.profile_id, phone: NEW_PHONE, code, currentPassword: 'client12345' },
        { token: acme.token, host: 'acme.localhost' },
      );
      expect(stolen.status).toBe(400);
      expect(stolen.body.error.message).toBe('No code is waiting for this number, please ask for a code first');
      expect((await as(me, 'changephone', { currentPassword: PASSWORD, phone: NEW_PHONE, code })).status).toBe(200);
    });

    it('refuses a wrong code 7 times, then the code is used up; an expired code is named', async () => {
      await as(me, 'sendphonecode', { phone: NEW_PHONE });
      const code = codeIn((await lastTextTo(gw, NEW_PHONE))?.text);
      for (let i = 0; i < 7; i++)
        expect(
          (await as(me, 'changephone', { currentPassword: PASSWORD, phone: NEW_PHONE, code: otherCode(code) })).body
            .error.message,
        ).toBe(WRONG_CODE);
      expect(
        (await as(me, 'changephone', { currentPassword: PASSWORD, phone: NEW_PHONE, code })).body.error.message,
      ).toBe('Too many wrong codes, please ask for a new code');
      await as(me, 'sendphonecode', { phone: NEW_PHONE });
      const fresh = codeIn((await lastTextTo(gw, NEW_PHONE))?.text);
      gw.clock.advance(600_000);
      expect(
        (await as(me, 'changephone', { currentPassword: PASSWORD, phone: NEW_PHONE, code: fresh })).body.error.message,
      ).toBe('The code has expired, please ask for a new code');
      const user = (await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: me.token })).body.userInfo;
      expect(user.telnumber).toBe('233241234567');
    });

    it.each([
      ['', 'Mobile numbers not complete'],
      ['0244abc123', 'Mobile numbers must be only numbers'],
      ['1234567890123456', 'Mobile numbers must be at most 15 digits'],
      ['0241234567', 'This is already your mobile number'],
    ])('refuses the number %j with 400 "%s" and texts nothing', async (phone, message) => {
      const res = await as(me, 'sendphonecode', { phone });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ status: 'failed', message });
      expect(await lastTextTo(gw, canonicalPhone(phone))).toBeUndefined();
    });

    it('refuses an empty or short code before counting it', async () => {
      expect(
        (await as(me, 'changephone', { currentPassword: PASSWORD, phone: NEW_PHONE, code: '' })).body.error.message,
      ).toBe('Please enter code sent to your phone');
      expect(
        (await as(me, 'changephone', { currentPassword: PASSWORD, phone: NEW_PHONE, code: '12' })).body.error.message,
      ).toBe('Please enter the 4-digit code sent to the new number');
    });

    it('sends 4 codes an hour per account (429), and 5 an hour to one number whoever asks', async () => {
      for (let i = 0; i < 4; i++) expect((await as(me, 'sendphonecode', { phone: NEW_PHONE })).status).toBe(200);
      const fifth = await as(me, 'sendphonecode', { phone: '233209876544' });
      expect(fifth.status).toBe(429);
      expect(fifth.body.error.message).toBe(
        'The code has been sent 4 times already, please wait an hour and ask again',
      );
      gw.clock.advance(3600 * 1000);
      expect((await as(me, 'sendphonecode', { phone: NEW_PHONE })).status).toBe(200);

      const sup = await login(gw, 'supervisor', 'supervisor123');
      for (let i = 0; i < 4; i++) expect((await as(sup, 'sendphonecode', { phone: NEW_PHONE })).status).toBe(200);
      const flood = await as(sup, 'sendphonecode', { phone: NEW_PHONE });
      expect(flood.status).toBe(429);
    });
  });

  describe('changeownpassword', () => {
    const change = (who: Session, body: object) =>
      as(who, 'changeownpassword', {
        currentPassword: 'demo12345',
        newPassword: 'fresh-pass1',
        confirmNewPassword: 'fresh-pass1',
        ...body,
      });

    it('changes the password; this session goes on, every other session ends, the API key stays', async () => {
      const phone = await login(gw, 'demouser', 'demo12345');
      const key = (await as(me, 'changeapikey', {})).body.apikey as string;
      const res = await change(me, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'successful',
        message: 'Your password has been changed: other devices are signed out',
      });
      expect((await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: me.token })).status).toBe(200);
      const other = await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: phone.token });
      expect(other.status).toBe(401);
      expect(other.body.message).toBe('Invalid Token');
      expect((await call(gw, 'login', { emailusername: 'demouser', password: 'demo12345' })).status).toBe(401);
      expect((await login(gw, 'demouser', 'fresh-pass1')).username).toBe('demouser');
      const send = await gw.app.inject({
        method: 'POST',
        url: '/smsgateway/api/sendsms',
        headers: { host: 'localhost', authorization: `Bearer ${key}` },
        payload: { messageobject: [] },
      });
      expect(send.statusCode).not.toBe(401);
    });

    it.each([
      [{ currentPassword: '' }, 'Please enter your current password'],
      [{ newPassword: 'abc', confirmNewPassword: 'abc' }, 'Password must be more six characters'],
      [{ confirmNewPassword: 'other-pass1' }, 'Passwords do not match'],
      [
        { newPassword: 'demo12345', confirmNewPassword: 'demo12345' },
        'The new password must differ from the current one',
      ],
      [
        { newPassword: 'x'.repeat(129), confirmNewPassword: 'x'.repeat(129) },
        'Password must be 128 characters or fewer',
      ],
      [{ currentPassword: 'wrong-one' }, 'Your current password is not correct'],
    ])('refuses %j with 400 "%s" and keeps the password and the other sessions', async (body, message) => {
      const phone = await login(gw, 'demouser', 'demo12345');
      const res = await change(me, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ status: 'failed', message });
      expect((await call(gw, 'fetchuser', { profile_id: me.profile_id }, { token: phone.token })).status).toBe(200);
      expect((await login(gw, 'demouser', 'demo12345')).username).toBe('demouser');
    });

    it('locks the current-password check after 10 wrong tries in 15 minutes, even with the right one', async () => {
      for (let i = 0; i < 10; i++) expect((await change(me, { currentPassword: `guess-${i}` })).status).toBe(400);
      const locked = await change(me, {});
      expect(locked.status).toBe(429);
      expect(locked.body.error.message).toBe('Too many attempts, please wait 15 minutes and try again');
      gw.clock.advance(15 * 60 * 1000);
      expect((await change(me, {})).status).toBe(200);
    });
  });

  it('refuses another account’s profile_id and calls without a token on every one of these calls', async () => {
    const bodies = {
      updateprofile: { email: 'x@example.com', companyname: 'X' },
      sendphonecode: { phone: NEW_PHONE },
      changephone: { phone: NEW_PHONE, code: '1234' },
      changeownpassword: { currentPassword: 'demo12345', newPassword: 'abcdefg1', confirmNewPassword: 'abcdefg1' },
    };
    for (const [name, body] of Object.entries(bodies)) {
      const other = await call(gw, name, { profile_id: 6, ...body }, { token: me.token });
      expect(other.status).toBe(403);
      expect((await call(gw, name, { profile_id: me.profile_id, ...body })).status).toBe(401);
    }
  });
});
