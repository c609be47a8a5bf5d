// A team (docs/product.md#members-and-roles): the owner invites by SMS with a link on the account's own domain,
// valid 72 hours and used once; the member sets a password and signs in through the same login; roles decide
// what they may do, only an Owner touches ownership; a removed member's token is refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lastTextTo, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';
import {
  freshMemberPhone,
  invitationCode,
  invite,
  joinedMember,
  MEMBER_PASSWORD,
  memberLogin,
  memberSession,
} from './helpers/team';
import { INVITATION_GONE, INVITATION_TTL_MS, ONLY_OWNERS_OWNERSHIP } from '../../src/domain/account/team-members';
import { canonicalPhone } from '../../src/domain/numbers/phone-number';

let gw: TestGateway;
let demo: Session, acme: Session, acmeClient: Session;
const owner = (s: Session, host = 'localhost') => ({ token: s.token, host, profile_id: s.profile_id });

beforeAll(async () => {
  gw = await makeTestApp();
  ({ demo, acme, acmeClient } = await signInDemoTenants(gw));
});
afterAll(() => gw.close());

const as = (token: string, name: string, body: object = {}, host = 'localhost') =>
  call(gw, name, body, { token, host });
const accept = (code: string, host = 'localhost', password = MEMBER_PASSWORD) =>
  call(gw, 'acceptinvitation', { code, password, cpassword: password }, { host });

describe('an invitation', () => {
  it("is an SMS whose link is on the account's own domain (the reseller's for its clients)", async () => {
    const phone = freshMemberPhone();
    await invite(gw, owner(acmeClient, 'acme.localhost'), { name: 'Ama', phone, roles: ['Sender'] });
    const sms = await lastTextTo(gw, canonicalPhone(phone));
    expect(sms?.text).toMatch(/^You have been invited to join a team\. .*https:\/\/acme\.localhost\/join\/[\w-]+$/);
    const code = await invitationCode(gw, phone, 'acme.localhost');
    const page = await call(gw, 'invitation', { code }, { host: 'acme.localhost' });
    expect(page.body).toEqual({ name: 'Ama', company: acmeClient.companyname, phone: expect.stringMatching(/^020/) });
  });

  it('is used once: the member signs in with their phone or e-mail, a second use finds it gone', async () => {
    const phone = freshMemberPhone();
    const { code } = await invite(gw, owner(demo), {
      name: 'Kofi',
      phone,
      roles: ['Viewer'],
      email: 'Kofi@Example.com',
    });
    expect((await accept(code)).body).toMatchObject({ status: 'successful', login: expect.stringMatching(/^020/) });
    const again = await accept(code, 'localhost', 'another123');
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(INVITATION_GONE);
    for (const emailusername of [phone, canonicalPhone(phone), 'kofi@example.com']) {
      const res = await call(gw, 'login', { emailusername, password: MEMBER_PASSWORD });
      expect(res.status, emailusername).toBe(200);
      expect(res.body.userInfo).toMatchObject({
        profile_id: demo.profile_id,
        member: { name: 'Kofi', roles: ['Viewer'] },
      });
      expect(res.body.userInfo.permissions).toEqual(['reports']);
    }
    const wrong = await call(gw, 'login', { emailusername: phone, password: 'another123' });
    expect(wrong.status).toBe(401);
  });

  it('expires after 72 hours; a resent one works and the old link does not', async () => {
    const phone = freshMemberPhone();
    const { member, code } = await invite(gw, owner(demo), { name: 'Esi', phone, roles: ['Sender'] });
    gw.clock.advance(INVITATION_TTL_MS - 1000);
    expect((await call(gw, 'invitation', { code })).status).toBe(200);
    gw.clock.advance(2000);
    expect((await accept(code)).status).toBe(404);
    const resent = await as(demo.token, 'resendinvitation', { id: member.id });
    expect(resent.status).toBe(200);
    const fresh = await invitationCode(gw, phone, 'localhost');
    expect(fresh).not.toBe(code);
    expect((await accept(code)).status).toBe(404);
    expect((await accept(fresh)).status).toBe(200);
  });

  it('on a domain the account may not use, signs no one in', async () => {
    const member = await joinedMember(gw, owner(demo), ['Sender']);
    expect((await memberLogin(gw, { ...member, host: 'acme.localhost' })).status).toBe(401);
  });
});

describe('who may manage the team', () => {
  it("lets neither another tenant's owner nor their members reach this team's member ids", async () => {
    const member = await joinedMember(gw, owner(demo), ['Sender']);
    for (const name of ['setmemberroles', 'resendinvitation', 'removemember']) {
      const res = await as(acme.token, name, { id: member.id, roles: ['Viewer'] }, 'acme.localhost');
      expect(res.status, name).toBe(404);
    }
    const list = await as(demo.token, 'members');
    expect(list.body.members.find((m: { id: number }) => m.id === member.id)).toMatchObject({
      roles: ['Sender'],
      status: 'active',
    });
    expect(
      (await as(acme.token, 'members', {}, 'acme.localhost')).body.members.some(
        (m: { id: number }) => m.id === member.id,
      ),
    ).toBe(false);
  });

  it('refuses members without Owner or Admin, naming the role', async () => {
    const target = await joinedMember(gw, owner(demo), ['Viewer']);
    for (const roles of [['Sender'], ['Billing', 'Developer'], ['Viewer'], ['Approver']] as const) {
      const actor = await joinedMember(gw, owner(demo), [...roles]);
      const token = await memberSession(gw, actor);
      for (const name of [
        'members',
        'invitemember',
        'setmemberroles',
        'setmembercap',
        'removemember',
        'resendinvitation',
      ]) {
        const res = await as(token, name, { id: target.id, roles: ['Sender'], name: 'X', phone: freshMemberPhone() });
        expect(res.status, `${roles} ${name}`).toBe(403);
        expect(res.body.error.message).toBe('You are not allowed to do this. Ask for the Admin role.');
      }
    }
  });

  it('lets an Admin manage members but not ownership', async () => {
    const admin = await joinedMember(gw, owner(demo), ['Admin']);
    const token = await memberSession(gw, admin);
    const sender = await joinedMember(gw, owner(demo), ['Sender']);
    const coOwner = await joinedMember(gw, owner(demo), ['Owner']);
    expect((await as(token, 'setmemberroles', { id: sender.id, roles: ['Sender', 'Viewer'] })).status).toBe(200);
    const refusals = [
      await as(token, 'setmemberroles', { id: sender.id, roles: ['Owner'] }),
      await as(token, 'setmemberroles', { id: coOwner.id, roles: ['Viewer'] }),
      await as(token, 'removemember', { id: coOwner.id }),
      await as(token, 'invitemember', { name: 'New', phone: freshMemberPhone(), roles: ['Owner'] }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(ONLY_OWNERS_OWNERSHIP);
    }
    const ownerToken = await memberSession(gw, coOwner);
    expect((await as(ownerToken, 'setmemberroles', { id: sender.id, roles: ['Owner'] })).status).toBe(200);
    expect((await as(demo.token, 'setmemberroles', { id: coOwner.id, roles: ['Admin'] })).status).toBe(200);
  });
});

describe('removing a member', () => {
  it('ends their sessions at once and leaves their phone free to invite again', async () => {
    const member = await joinedMember(gw, owner(demo), ['Sender']);
    const signedIn = await memberLogin(gw, member);
    const token = signedIn.body.userInfo.token as string;
    const other = await memberSession(gw, member);
    expect((await as(token, 'fetchuser')).status).toBe(200);
    expect((await as(token, 'sessions')).body.sessions).toHaveLength(2);
    expect((await as(demo.token, 'removemember', { id: member.id })).status).toBe(200);
    for (const t of [token, other]) {
      const res = await as(t, 'fetchuser');
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('Invalid Token');
    }
    expect((await memberLogin(gw, member)).status).toBe(401);
    const again = await invite(gw, owner(demo), { name: 'Back', phone: member.phone, roles: ['Viewer'] });
    expect(again.member.id).not.toBe(member.id);
  });

  it("lists a member's own sessions only, and keeps the owner's answer without member fields", async () => {
    const member = await joinedMember(gw, owner(demo), ['Sender']);
    const token = await memberSession(gw, member);
    const own = (await as(token, 'sessions')).body.sessions as { current: boolean }[];
    expect(own).toEqual([expect.objectContaining({ current: true })]);
    const ownerInfo = (await as(demo.token, 'fetchuser')).body.userInfo;
    expect(ownerInfo).not.toHaveProperty('member');
    expect(ownerInfo).not.toHaveProperty('permissions');
  });
});
