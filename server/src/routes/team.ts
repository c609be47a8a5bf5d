import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { auditSource } from '../http/authenticate';
import { findAccount } from '../accounts/account-store';
import { listMembers, removeMember, setMemberRoles, setTeamTwoStep } from '../accounts/members';
import { acceptInvitation, invitationFor, inviteMember, resendInvitation } from '../accounts/member-invitations';
import {
  ACCEPT_INVITATION,
  INVITATION,
  INVITE_MEMBER,
  MEMBERS,
  REMOVE_MEMBER,
  RESEND_INVITATION,
  SET_MEMBER_ROLES,
  TEAM_TWO_STEP,
} from '../../../src/domain/contract/team';

/** A team's members and roles, and the invitation's page (docs/api.md#a-team). */
export async function registerTeamRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, MEMBERS, async ({ scope: { user } }) => {
    const account = await findAccount(ctx, user.profile_id);
    return { members: await listMembers(ctx, user.profile_id), twoStepForAll: account?.members_two_step === 1 };
  });

  register(app, ctx, INVITE_MEMBER, async ({ body, scope, req }) => {
    const member = await inviteMember(ctx, scope, body, auditSource(req));
    return { status: 'successful', message: `An invitation has been sent to ${member.name}`, member };
  });

  register(app, ctx, SET_MEMBER_ROLES, async ({ body, scope, req }) => {
    const member = await setMemberRoles(ctx, scope, body.id, body.roles, auditSource(req));
    return { status: 'successful', message: `${member.name}'s roles have been changed`, member };
  });

  register(app, ctx, RESEND_INVITATION, async ({ body, scope }) => {
    const member = await resendInvitation(ctx, scope, body.id);
    return { status: 'successful', message: `A new invitation has been sent to ${member.name}`, member };
  });

  register(app, ctx, REMOVE_MEMBER, async ({ body, scope, req }) => {
    await removeMember(ctx, scope, body.id, auditSource(req));
    return { status: 'successful', message: 'The member has been removed and signed out' };
  });

  register(app, ctx, TEAM_TWO_STEP, async ({ body, scope, req }) => {
    const required = await setTeamTwoStep(ctx, scope, body.required, auditSource(req));
    const message = required ? 'Every member must now sign in with two steps' : 'Two-step sign-in is up to each member';
    return { status: 'successful', message, twoStepForAll: required };
  });

  register(app, ctx, INVITATION, async ({ body }) => invitationFor(ctx, body.code));

  register(app, ctx, ACCEPT_INVITATION, async ({ body, req }) => {
    const { login } = await acceptInvitation(ctx, body, auditSource(req));
    return { status: 'successful', message: 'Your password is set: sign in with your phone number', login };
  });
}
