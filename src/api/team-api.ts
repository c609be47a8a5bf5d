// A team's members and roles, and the invitation's page (docs/api.md#a-team).
import { callGateway } from './http';
import type { TeamRole } from '../domain/account/team-roles';
import {
  ACCEPT_INVITATION,
  INVITATION,
  INVITE_MEMBER,
  MEMBERS,
  REMOVE_MEMBER,
  RESEND_INVITATION,
  SET_MEMBER_ROLES,
} from '../domain/contract/team';

export type { Member } from '../domain/contract/team';
export type Invitee = { name: string; phone: string; email: string; roles: TeamRole[] };

export async function fetchMembers(token: string, profileId: number) {
  return callGateway(MEMBERS, { auth: token, body: { profile_id: profileId } });
}

export async function inviteMember(token: string, profileId: number, invitee: Invitee) {
  return callGateway(INVITE_MEMBER, { auth: token, body: { profile_id: profileId, ...invitee } });
}

export async function setMemberRoles(token: string, profileId: number, id: number, roles: TeamRole[]) {
  return callGateway(SET_MEMBER_ROLES, { auth: token, body: { profile_id: profileId, id, roles } });
}

export async function resendInvitation(token: string, profileId: number, id: number) {
  return callGateway(RESEND_INVITATION, { auth: token, body: { profile_id: profileId, id } });
}

export async function removeMember(token: string, profileId: number, id: number) {
  return callGateway(REMOVE_MEMBER, { auth: token, body: { profile_id: profileId, id } });
}

export async function fetchInvitation(code: string) {
  return callGateway(INVITATION, { body: { code } });
}

export async function acceptInvitation(code: string, password: string, cpassword: string) {
  return callGateway(ACCEPT_INVITATION, { body: { code, password, cpassword } });
}
