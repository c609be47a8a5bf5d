// The two-person rule (docs/api.md#the-two-person-rule): the owner's setting, the campaigns waiting for an
// approver, and the approver's decision.
import { callGateway } from './http';
import {
  APPROVALS,
  APPROVE_CAMPAIGN,
  MY_APPROVALS,
  REJECT_CAMPAIGN,
  SET_APPROVAL_RULE,
} from '../domain/contract/approvals';

export type { Approval } from '../domain/contract/approvals';

/** setapprovalrule: `over` '' for no limit; answers the user info. */
export async function setApprovalRule(token: string, profileId: number, over: string, marketing: boolean) {
  return (await callGateway(SET_APPROVAL_RULE, { auth: token, body: { profile_id: profileId, over, marketing } }))
    .userInfo;
}

export async function fetchApprovals(token: string, profileId: number) {
  return (await callGateway(APPROVALS, { auth: token, body: { profile_id: profileId } })).approvals;
}

export async function fetchMyApprovals(token: string, profileId: number) {
  return (await callGateway(MY_APPROVALS, { auth: token, body: { profile_id: profileId } })).approvals;
}

export async function decideCampaign(
  token: string,
  profileId: number,
  decision: 'approve' | 'reject',
  id: number,
  note: string,
) {
  const call = decision === 'approve' ? APPROVE_CAMPAIGN : REJECT_CAMPAIGN;
  return callGateway(call, { auth: token, body: { profile_id: profileId, id, note } });
}
