// A team from the screens' side (docs/product.md#members-and-roles). The members are asked while the Team
// screen is open, not stored: they change on the gateway (an invitation accepted elsewhere).
import * as api from '../api/team-api';
import { currentAccount } from '../db/session-store';
import type { TeamRole } from '../domain/account/team-roles';

export type { Member } from '../api/team-api';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

export async function teamMembers() {
  const { token, profileId } = await signedIn();
  return api.fetchMembers(token, profileId);
}

/** Requires two-step sign-in of every member (or stops): answers the gateway's message and the new state. */
export async function requireMembersTwoStep(required: boolean) {
  const { token, profileId } = await signedIn();
  const answer = await api.requireMembersTwoStep(token, profileId, required);
  return { message: answer.message, required: answer.twoStepRequired };
}

/** Each change answers the gateway's message, for the screen's alert. */
export async function inviteMember(invitee: api.Invitee): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.inviteMember(token, profileId, invitee)).message;
}

export async function changeMemberRoles(id: number, roles: TeamRole[]): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.setMemberRoles(token, profileId, id, roles)).message;
}

/** Sets (whole credits) or clears ('') a member's monthly cap (docs/product.md#who-did-what). */
export async function changeMemberCap(id: number, monthlyCap: string): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.setMemberCap(token, profileId, id, monthlyCap)).message;
}

export async function resendInvitation(id: number): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.resendInvitation(token, profileId, id)).message;
}

export async function removeMember(id: number): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.removeMember(token, profileId, id)).message;
}

/** The invitation's page: who is invited to which company, or why the link no longer works. */
export const invitation = (code: string) => api.fetchInvitation(code);

/** Sets the member's password; answers the phone number they sign in with. */
export async function joinTeam(code: string, password: string, cpassword: string): Promise<string> {
  return (await api.acceptInvitation(code, password, cpassword)).login;
}
