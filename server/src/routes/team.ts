import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { auditSource } from '../http/authenticate';
import { listMembers, removeMember, setMemberCap, setMemberRoles } from '../accounts/members';
import { setMembersTwoStep } from '../accounts/member-two-step';
import { acceptInvitation, invitationFor, inviteMember, resendInvitation } from '../accounts/member-invitations';
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
} from '../../../src/domain/contract/team';

/** A team's members and roles, and the invitation's page (docs/api.md#a-team). */
export async function registerTeamRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, MEMBERS, async ({ scope: { user } }) => ({
    members: await listMembers(ctx, user.profile_id),
    twoStepRequired: user.members_two_step === 1,
  }));

  register(app, ctx, MEMBERS_TWO_STEP, async ({ body, scope, req }) => {
    const twoStepRequired = await setMembersTwoStep(ctx, scope, body.required, auditSource(req));
    const message = twoStepRequired
      ? 'Two-step sign-in is now required of every member'
      : 'Two-step sign-in is no longer required of members';
    return { status: 'successful', message, twoStepRequired };
  });

  register(app, ctx, INVITE_MEMBER, async ({ body, scope, req }) => {
    const member = await inviteMember(ctx, scope, body, auditSource(req));
    return { status: 'successful', message: `An invitation has been sent to ${member.name}`, member };
  });

  register(app, ctx, SET_MEMBER_ROLES, async ({ body, scope, req }) => {
    const member = await setMemberRoles(ctx, scope, body.id, body.roles, auditSource(req));
    return { status: 'successful', message: `${member.name}'s roles have been changed`, member };
  });

  register(app, ctx, SET_MEMBER_CAP, async ({ body, scope, req }) => {
    const member = await setMemberCap(ctx, scope, body.id, body.monthlyCap, auditSource(req));
    const said = member.monthlyCap == null ? 'no monthly cap now' : 'a new monthly cap';
    return { status: 'successful', message: `${member.name} has ${said}`, member };
  });

  register(app, ctx, RESEND_INVITATION, async ({ body, scope }) => {
    const member = await resendInvitation(ctx, scope, body.id);
    return { status: 'successful', message: `A new invitation has been sent to ${member.name}`, member };
  });

  register(app, ctx, REMOVE_MEMBER, async ({ body, scope, req }) => {
    await removeMember(ctx, scope, body.id, auditSource(req));
    return { status: 'successful', message: 'The member has been removed and signed out' };
  });

  register(app, ctx, INVITATION, async ({ body }) => invitationFor(ctx, body.code));

  register(app, ctx, ACCEPT_INVITATION, async ({ body, req }) => {
    const { login } = await acceptInvitation(ctx, body, auditSource(req));
    return { status: 'successful', message: 'Your password is set: sign in with your phone number', login };
  });
}
