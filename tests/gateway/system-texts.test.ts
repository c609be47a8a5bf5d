import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, lastTextTo, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { started } from './helpers/signup-fixtures';
import { resetsSettled } from '../../server/src/routes/password-reset';

// Sign-up and reset codes go out under the product's carrier account: a reseller must not be able to
// make them come from another brand's name, or say anything but the code.

const PHISHING = 'MTN MoMo: your wallet is locked, call 0244000000';
const SIGNUP_TEXT = /^Your verification code is \d{4}\. It expires in 10 minutes\.$/;
const RESET_TEXT =
  /^Your password reset code is \d{4}\. It expires in 10 minutes\. If you did not ask for it, ignore this message\.$/;

describe("system texts under a reseller's domain", () => {
  let gw: TestGateway;
  let acme: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
  });
  afterEach(() => gw.close());

  const save = (body: Record<string, unknown>) =>
    call(
      gw,
      'update-domain-details/',
      { profile_id: acme.profile_id, ...body },
      { token: acme.token, host: 'acme.localhost' },
    );
  const acmeDomain = () =>
    gw.ctx.db.selectFrom('domains').selectAll().where('host', '=', 'acme.localhost').executeTakeFirstOrThrow();

  it('refuses a domain sender ID its owner has not had approved', async () => {
    const res = await save({ senderid: 'MTN MoMo', companyname: PHISHING });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      status: 'failed',
      message:
        'Sender ID MTN MoMo is not one of your approved sender IDs: request it on your profile, and choose it here once it is approved',
    });
    // Nothing of the request was saved.
    expect(await acmeDomain()).toMatchObject({ senderid: 'ACME', companyname: 'Acme SMS' });
    // The placeholder every new account has is not a sender of its own either.
    await gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'TEST' })
      .where('profile_id', '=', acme.profile_id)
      .execute();
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    expect((await save({ senderid: 'TEST' })).status).toBe(400);
    // One of its approved IDs is taken.
    await gw.ctx.db
      .updateTable('users')
      .set({ senderidapproved: 'ACME,ACMEALERT' })
      .where('profile_id', '=', acme.profile_id)
      .execute();
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
    expect((await save({ senderid: 'ACMEALERT' })).body.status).toBe('successful');
    expect((await acmeDomain()).senderid).toBe('ACMEALERT');
  });

  it('sends codes with a fixed text under the approved sender ID, whatever the company name says', async () => {
    expect((await save({ companyname: PHISHING })).body.status).toBe('successful');
    const s = await started(gw, {}, 'acme.localhost');
    const sms = await lastTextTo(gw, s.body.phone);
    expect(sms).toMatchObject({ from_id: 'ACME' });
    expect(sms!.text).toMatch(SIGNUP_TEXT);
    expect(sms!.text).not.toContain('MTN');
  });

  it("falls back to the main domain's sender ID once the reseller's is not approved", async () => {
    // As a row saved before the rule, or an ID whose approval was withdrawn, would have it.
    await gw.ctx.db
      .updateTable('domains')
      .set({ senderid: 'MTN MoMo', companyname: PHISHING })
      .where('host', '=', 'acme.localhost')
      .execute();
    const s = await started(gw, {}, 'acme.localhost');
    const signup = await lastTextTo(gw, s.body.phone);
    expect(signup).toMatchObject({ from_id: 'BULKSMS' });
    expect(signup!.text).toMatch(SIGNUP_TEXT);

    const client = await gw.ctx.db
      .selectFrom('users')
      .select(['email', 'telnumber'])
      .where('username', '=', 'acmeclient')
      .executeTakeFirstOrThrow();
    const reset = await call(
      gw,
      'setpasswordreset',
      { email: client.email, supid: acme.profile_id },
      { host: 'acme.localhost' },
    );
    expect(reset.body).toEqual({ passcodeSet: true });
    // The code is texted after the answer has gone.
    await resetsSettled();
    const text = await lastTextTo(gw, client.telnumber);
    expect(text).toMatchObject({ from_id: 'BULKSMS' });
    expect(text!.text).toMatch(RESET_TEXT);
  });
});
