import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { auditSource, bearerToken } from '../http/authenticate';
import { setApprovalRule } from '../accounts/alert-settings';
import { sessionUserInfo } from '../accounts/member-info';
import { approvalList } from '../approvals/approval-rows';
import { approveCampaign, rejectCampaign } from '../approvals/decide';
import {
  APPROVALS,
  APPROVE_CAMPAIGN,
  MY_APPROVALS,
  REJECT_CAMPAIGN,
  SET_APPROVAL_RULE,
} from '../../../src/domain/contract/approvals';

/** The two-person rule (docs/api.md#the-two-person-rule): the owner's setting, the waiting campaigns, decisions. */
export async function registerApprovalRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, SET_APPROVAL_RULE, async ({ body, scope: { user, member }, req }) => {
    const updated = await setApprovalRule(ctx, user, body.rule);
    return { userInfo: await sessionUserInfo(ctx, { user: updated, member }, bearerToken(req) ?? '') };
  });

  register(app, ctx, APPROVALS, async ({ scope: { user } }) => ({
    approvals: await approvalList(ctx.db, user.profile_id, null),
  }));

  // The account's owner sends without approval: its own list is empty.
  register(app, ctx, MY_APPROVALS, async ({ scope: { user, member } }) => ({
    approvals: member ? await approvalList(ctx.db, user.profile_id, member.id) : [],
  }));

  register(app, ctx, APPROVE_CAMPAIGN, async ({ body, scope, req }) => {
    const approval = await approveCampaign(ctx, scope, body.id, body.note, auditSource(req));
    const when = approval.kind === 'quick' ? 'sent' : 'registered';
    return { status: 'successful', message: `The campaign has been approved and ${when}`, approval };
  });

  register(app, ctx, REJECT_CAMPAIGN, async ({ body, scope, req }) => {
    const approval = await rejectCampaign(ctx, scope, body.id, body.note, auditSource(req));
    return { status: 'successful', message: 'The campaign has been rejected; its credits are back', approval };
  });
}
