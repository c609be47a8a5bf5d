// A team member's own two-step sign-in (docs/product.md#two-step-sign-in): turned on from the same calls the
// owner's profile uses, acting on the member's login only; asked at the member's sign-in; each code once;
// required of every member by the owner or an Admin; and never a way to read or change the owner's.
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { joinedMember, memberLogin, memberSession, type TeamMemberFixture } from './helpers/team';

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
const WRONG_CODE = 'Wrong code, please enter the 6-digit code your authenticator app shows now';
const EXPIRED = 'This sign-in has expired, please sign in again';

describe("a team member's two-step sign-in", () => {
  let gw: TestGateway;
  let owner: Session;
  let sender: TeamMemberFixture;
  let senderToken: string;
  beforeEach(async () => {
    gw = await makeTestApp();
    owner = await login(gw, 'demouser', 'demo12345');
    sender = await joinedMember(gw, { token: owner.token, host: 'localhost', profile_id: owner.profile_id }, [
      'Sender',
    ]);
    senderToken = await memberSession(gw, sender);
  });
  afterEach(() => gw.close());

  const as = (token: string, name: string, body: object = {}, host = 'localhost') =>
    call(gw, name, { profile_id: owner.profile_id, ...body }, { token, host });
  const code = (challenge: string, typed: string, host = 'localhost') =>
    call(gw, 'logincode', { challenge, code: typed }, { host });

  /** Turns two-step on for the session `token` (a member's or the owner's): its secret and recovery codes. */
  async function enrol(token: string) {
    const started = await as(token, 'twostepstart');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const secret = started.body.secret as string;
    const confirmed = await as(token, 'twostepconfirm', { code: await codeAt(secret, gw.clock.now) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.userInfo.twostep).toBe(true);
    gw.clock.advance(30_000);
    return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[], userInfo: confirmed.body.userInfo };
  }

  it('turns on for the member only, then asks the member’s sign-in for their code', async () => {
    const { secret, recoveryCodes, userInfo } = await enrol(senderToken);
    expect(userInfo.member).toEqual({ id: sender.id, name: expect.any(String), roles: ['Sender'] });
    expect(recoveryCodes).toHaveLength(10);
    // The owner's own sign-in is unchanged.
    expect((await as(owner.token, 'fetchuser')).body.userInfo.twostep).toBe(false);
    expect((await login(gw, 'demouser', 'demo12345')).token).toBeTruthy();
    const team = await as(owner.token, 'members');
    expect(team.body.members.find((m: { id: number }) => m.id === sender.id).twoStep).toBe(true);

    const first = await memberLogin(gw, sender);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoStep: 'code', challenge: expect.any(String) });
    const wrong = await code(first.body.challenge, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(WRONG_CODE);
    const done = await code(first.body.challenge, await codeAt(secret, gw.clock.now));
    expect(done.status).toBe(200);
    expect(done.body.userInfo.member).toEqual({ id: sender.id, name: expect.any(String), roles: ['Sender'] });
    expect(done.body.userInfo.twostep).toBe(true);
    // The session is the member's: their roles apply.
    const bought = await call(gw, 'purchasehistory', { pageNum: 1 }, { token: done.body.userInfo.token });
    expect(bought.status).toBe(403);
  });

  it('takes each code once: an app code and a recovery code', async () => {
    const { secret, recoveryCodes } = await enrol(senderToken);
    const now = await codeAt(secret, gw.clock.now);
    expect((await code((await memberLogin(gw, sender)).body.challenge, now)).status).toBe(200);
    const replay = await code((await memberLogin(gw, sender)).body.challenge, now);
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe('This code has already been used, please wait for the next code');
    const recovery = recoveryCodes[0]!;
    const once = await code((await memberLogin(gw, sender)).body.challenge, recovery);
    expect(once.status).toBe(200);
    expect(once.body.userInfo.member.id).toBe(sender.id);
    const twice = await code((await memberLogin(gw, sender)).body.challenge, recovery);
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(WRONG_CODE);
  });

  it("keeps the member's codes and the owner's apart", async () => {
    const ownerTwoStep = await enrol(owner.token);
    const memberTwoStep = await enrol(senderToken);
    // The member's recovery code does not open the owner's sign-in, nor the owner's the member's.
    const ownerChallenge = await call(gw, 'login', { emailusername: 'demouser', password: 'demo12345' });
    expect(ownerChallenge.body.twoStep).toBe('code');
    expect((await code(ownerChallenge.body.challenge, memberTwoStep.recoveryCodes[0]!)).status).toBe(400);
    const memberChallenge = (await memberLogin(gw, sender)).body.challenge;
    expect((await code(memberChallenge, ownerTwoStep.recoveryCodes[0]!)).status).toBe(400);
    expect((await code(memberChallenge, await codeAt(ownerTwoStep.secret, gw.clock.now))).status).toBe(400);
    // New codes for the member leave the owner's working.
    const renewed = await as(senderToken, 'twosteprecovery', {
      code: await codeAt(memberTwoStep.secret, gw.clock.now),
    });
    expect(renewed.status).toBe(200);
    const ownerAgain = await call(gw, 'login', { emailusername: 'demouser', password: 'demo12345' });
    expect((await code(ownerAgain.body.challenge, ownerTwoStep.recoveryCodes[1]!)).status).toBe(200);
  });

  it("cannot turn off, renew or read the owner's two-step", async () => {
    const ownerTwoStep = await enrol(owner.token);
    const ownerCode = await codeAt(ownerTwoStep.secret, gw.clock.now);
    // The member's session acts on the member, whose two-step is off: the owner's code changes nothing.
    const off = await as(senderToken, 'twostepoff', { code: ownerCode });
    expect(off.status).toBe(400);
    expect(off.body.error.message).toBe('Two-step sign-in is not on');
    const renew = await as(senderToken, 'twosteprecovery', { code: ownerCode });
    expect(renew.status).toBe(400);
    const fetched = await as(senderToken, 'fetchuser');
    expect(fetched.body.userInfo.twostep).toBe(false);
    const started = await as(senderToken, 'twostepstart');
    expect(started.body.secret).not.toBe(ownerTwoStep.secret);
    const ownerRow = await gw.ctx.db
      .selectFrom('users')
      .select(['totp_enabled', 'totp_secret', 'totp_pending'])
      .where('profile_id', '=', owner.profile_id)
      .executeTakeFirstOrThrow();
    expect(ownerRow).toEqual({ totp_enabled: 1, totp_secret: ownerTwoStep.secret, totp_pending: '' });
    // Nor may a member require it of the team, or the account's own sign-in, without the members permission.
    const require = await as(senderToken, 'memberstwostep', { required: true });
    expect(require.status).toBe(403);
    expect(require.body.error.message).toBe('You are not allowed to do this. Ask for the Admin role.');
  });

  it('is turned off by the member with a current code, and never answers or logs a secret', async () => {
    const { secret } = await enrol(senderToken);
    expect((await as(senderToken, 'twostepoff', { code: '000000' })).status).toBe(400);
    const off = await as(senderToken, 'twostepoff', { code: await codeAt(secret, gw.clock.now) });
    expect(off.status).toBe(200);
    expect(off.body.userInfo.twostep).toBe(false);
    expect(off.body.userInfo.member.id).toBe(sender.id);
    expect((await memberLogin(gw, sender)).body.userInfo.token).toBeTruthy();
    const codes = await gw.ctx.db.selectFrom('recovery_codes').selectAll().where('member_id', '=', sender.id).execute();
    expect(codes).toEqual([]);
    const audit = await gw.ctx.db.selectFrom('audit_log').selectAll().where('member_id', '=', sender.id).execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['two_step_on', 'two_step_off']));
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('is required of every member by the owner: a member without it sets it up at sign-in', async () => {
    const required = await as(owner.token, 'memberstwostep', { required: true });
    expect(required.status).toBe(200);
    expect(required.body.twoStepRequired).toBe(true);
    expect((await as(owner.token, 'members')).body.twoStepRequired).toBe(true);
    // The owner's own sign-in is not asked for it.
    expect((await login(gw, 'demouser', 'demo12345')).token).toBeTruthy();

    const first = await memberLogin(gw, sender);
    expect(first.body).toEqual({
      twoStep: 'enrol',
      challenge: expect.any(String),
      secret: expect.any(String),
      uri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const done = await code(first.body.challenge, await codeAt(first.body.secret, gw.clock.now));
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.userInfo.member.id).toBe(sender.id);
    expect(done.body.userInfo.twosteprequired).toBe(true);
    gw.clock.advance(30_000);
    // Required: the member cannot turn it off.
    const off = await as(done.body.userInfo.token, 'twostepoff', {
      code: await codeAt(first.body.secret, gw.clock.now),
    });
    expect(off.status).toBe(400);
    expect(off.body.error.message).toBe(
      'Two-step sign-in is required of every member of your team and cannot be turned off',
    );
    expect((await memberLogin(gw, sender)).body.twoStep).toBe('code');
  });

  it('is required or not by an Admin member too, and the change is in the audit log', async () => {
    const admin = await joinedMember(gw, { token: owner.token, host: 'localhost', profile_id: owner.profile_id }, [
      'Admin',
    ]);
    const adminToken = await memberSession(gw, admin);
    expect((await as(adminToken, 'memberstwostep', { required: true })).body.twoStepRequired).toBe(true);
    expect((await memberLogin(gw, sender)).body.twoStep).toBe('enrol');
    const lifted = await as(adminToken, 'memberstwostep', { required: false });
    expect(lifted.body.twoStepRequired).toBe(false);
    expect((await memberLogin(gw, sender)).body.userInfo.token).toBeTruthy();
    const rows = await gw.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'member_id'])
      .where('profile_id', '=', owner.profile_id)
      .where('action', '=', 'two_step_required')
      .execute();
    expect(rows).toEqual([
      { action: 'two_step_required', member_id: admin.id },
      { action: 'two_step_required', member_id: admin.id },
    ]);
  });

  it("refuses a member's second step on another tenant's domain, and once the member is removed", async () => {
    const { secret } = await enrol(senderToken);
    const elsewhere = await code(
      (await memberLogin(gw, sender)).body.challenge,
      await codeAt(secret, gw.clock.now),
      'acme.localhost',
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toBe(EXPIRED);
    gw.clock.advance(30_000);
    const challenge = (await memberLogin(gw, sender)).body.challenge;
    const removed = await as(owner.token, 'removemember', { id: sender.id });
    expect(removed.status).toBe(200);
    const late = await code(challenge, await codeAt(secret, gw.clock.now));
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(EXPIRED);
  });
});
