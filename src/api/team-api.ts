// A team's members and roles, and the invitation's page (docs/api.md#a-team).
import { callGateway } from './http';
import type { TeamRole } from '../domain/account/team-roles';
import {
  ACCEPT_INVITATION,
  INVITATION,
  INVITE_MEMBER,
  MEMBERS,
  MEMBERS_TWO_STEP,
  REMOVE_MEMBER,
  RESEND_INVITATION,
  SET_MEMBER_CAP,
  SET_MEMBER_ROLES,
} from '../domain/contract/team';

export type { Member } from '../domain/contract/team';
export type Invitee = { name: string; phone: string; email: string; roles: TeamRole[] };

export async function fetchMembers(token: string, profileId: number) {
  return callGateway(MEMBERS, { auth: token, body: { profile_id: profileId } });
}

/** Requires two-step sign-in of every member, or stops requiring it. */
export async function requireMembersTwoStep(token: string, profileId: number, required: boolean) {
  return callGateway(MEMBERS_TWO_STEP, { auth: token, body: { profile_id: profileId, required } });
}

export async function inviteMember(token: string, profileId: number, invitee: Invitee) {
  return callGateway(INVITE_MEMBER, { auth: token, body: { profile_id: profileId, ...invitee } });
}

export async function setMemberRoles(token: string, profileId: number, id: number, roles: TeamRole[]) {
  return callGateway(SET_MEMBER_ROLES, { auth: token, body: { profile_id: profileId, id, roles } });
}

/** A member's monthly credit cap: whole credits, or '' for none. */
export async function setMemberCap(token: string, profileId: number, id: number, monthlyCap: string) {
  return callGateway(SET_MEMBER_CAP, { auth: token, body: { profile_id: profileId, id, monthlyCap } });
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
