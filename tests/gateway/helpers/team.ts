// A team per account for the gateway's tests (docs/product.md#members-and-roles): members invited through the
// owner's call, the code read from the SMS the simulated carrier took, the password set through the link's call,
// and signed in through the same login as the owner.
import { expect } from 'vitest';
import { call, lastTextTo, type TestGateway } from './test-app';
import { TEAM_ROLES, type TeamRole } from '../../../src/domain/account/team-roles';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';

export const MEMBER_PASSWORD = 'member12345';

export interface TeamMemberFixture {
  id: number;
  profile_id: number;
  roles: TeamRole[];
  phone: string;
  host: string;
}

let nextPhone = 0;
/** A phone number no other fixture of this run uses. */
export const freshMemberPhone = () => `0209${String(++nextPhone).padStart(6, '0')}`;

/** The code of the newest invitation texted to `phone`, from its link on `host`. */
export async function invitationCode(gw: TestGateway, phone: string, host: string): Promise<string> {
  const sms = await lastTextTo(gw, canonicalPhone(phone));
  const link = new RegExp(`https://${host.replace(/\./g, '\\.')}/join/([A-Za-z0-9_-]+)$`).exec(sms?.text ?? '');
  expect(link, sms?.text).not.toBeNull();
  return link![1]!;
}

/** Invites one person with `roles` as the owner `token` and answers the invitation's code. */
export async function invite(
  gw: TestGateway,
  owner: { token: string; host: string },
  person: { name: string; phone: string; roles: TeamRole[]; email?: string },
) {
  const res = await call(gw, 'invitemember', person, { token: owner.token, host: owner.host });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { member: res.body.member as { id: number }, code: await invitationCode(gw, person.phone, owner.host) };
}

/** Invites (with an e-mail when given), joins (sets the password through the link's call) and answers the member. */
export async function joinedMember(
  gw: TestGateway,
  owner: { token: string; host: string; profile_id: number },
  roles: TeamRole[],
  email?: string,
): Promise<TeamMemberFixture> {
  const phone = freshMemberPhone();
  const person = { name: `Member ${roles.join(' ')}`, phone, roles, ...(email ? { email } : {}) };
  const { member, code } = await invite(gw, owner, person);
  const accepted = await call(
    gw,
    'acceptinvitation',
    { code, password: MEMBER_PASSWORD, cpassword: MEMBER_PASSWORD },
    { host: owner.host },
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { id: member.id, profile_id: owner.profile_id, roles, phone, host: owner.host };
}

/** One member of each team role, joined. */
export async function memberOfEveryRole(gw: TestGateway, owner: { token: string; host: string; profile_id: number }) {
  const members: TeamMemberFixture[] = [];
  for (const role of TEAM_ROLES) members.push(await joinedMember(gw, owner, [role]));
  return members;
}

/** The member signs in with their phone number and password, as the login screen sends them. */
export async function memberLogin(gw: TestGateway, member: TeamMemberFixture, password = MEMBER_PASSWORD) {
  return call(
    gw,
    'login',
    { emailusername: member.phone, password, domain: member.host, domain_supid: 0, humanKey: '' },
    { host: member.host },
  );
}

/** A fresh session of the member without a login (a call that ends sessions ends only this one). */
export async function memberSession(gw: TestGateway, member: TeamMemberFixture): Promise<string> {
  const { newToken, sha256, TOKEN_TTL_MS } = await import('../../../server/src/auth/tokens');
  const token = newToken();
  await gw.ctx.db
    .insertInto('tokens')
    .values({
      token_hash: sha256(token),
      profile_id: member.profile_id,
      created_at: gw.clock.now,
      expires_at: gw.clock.now + TOKEN_TTL_MS,
      member_id: member.id,
    })
    .execute();
  return token;
}
