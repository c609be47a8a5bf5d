// The two-person rule from the screens' side (docs/product.md#the-two-person-rule). The campaigns are asked
// while the Approvals screen is open, not stored: another approver may decide one meanwhile.
import * as api from '../api/approvals-api';
import { currentAccount, saveUser } from '../db/session-store';

export type { Approval } from '../api/approvals-api';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, user: account.user };
}

/** Saves the account's rule (`over` '' for no limit); the stored user follows the answer. */
export async function saveApprovalRule(over: string, marketing: boolean): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await api.setApprovalRule(token, user.profile_id, over.trim(), marketing));
}

/** The account's campaigns for an approver, and the caller's own, each asked only when `wanted`. */
export async function approvalLists(wanted: { toDecide: boolean; mine: boolean }) {
  const { token, user } = await signedIn();
  const [toDecide, mine] = await Promise.all([
    wanted.toDecide ? api.fetchApprovals(token, user.profile_id) : Promise.resolve([]),
    wanted.mine ? api.fetchMyApprovals(token, user.profile_id) : Promise.resolve([]),
  ]);
  return { toDecide, mine };
}

/** Approves or rejects; answers the gateway's message for the screen's alert. */
export async function decideCampaign(decision: 'approve' | 'reject', id: number, note: string): Promise<string> {
  const { token, user } = await signedIn();
  return (await api.decideCampaign(token, user.profile_id, decision, id, note.trim())).message;
}
