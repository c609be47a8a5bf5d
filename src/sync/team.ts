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

/** Each change answers the gateway's message, for the screen's alert. */
export async function inviteMember(invitee: api.Invitee): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.inviteMember(token, profileId, invitee)).message;
}

export async function changeMemberRoles(id: number, roles: TeamRole[]): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await api.setMemberRoles(token, profileId, id, roles)).message;
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
