// The user info a session is answered (docs/api.md#calls-and-answers): the account's, unchanged for its owner;
// for a team member (docs/product.md#members-and-roles) also who they are and what their roles allow, and
// without the owner's secrets their roles do not reach.
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { TeamMember } from '../core/scope';
import { userInfo } from '../tenancy/user-info';
import { memberTwoStepState } from './member-two-step';
import { permissionsOf } from '../../../src/domain/account/team-roles';

export async function sessionUserInfo(
  ctx: GatewayContext,
  session: { user: UserRow; member: TeamMember | null },
  token: string,
) {
  const info = await userInfo(ctx, session.user, token);
  const { member } = session;
  if (!member) return info;
  const permissions = permissionsOf(member.roles);
  const twoStep = await memberTwoStepState(ctx, session.user, member.id);
  const settings = permissions.includes('settings');
  return {
    ...info,
    // The account's own two-step is its owner's business: a member is answered their own, and whether
    // the account requires it of every member (docs/product.md#two-step-sign-in).
    twostep: twoStep.on,
    twosteprequired: twoStep.required,
    paystackseckeyending: settings ? info.paystackseckeyending : '',
    recaptchasecretkeyending: settings ? info.recaptchasecretkeyending : '',
    member: { id: member.id, name: member.name, roles: [...member.roles] },
    permissions,
  };
}
