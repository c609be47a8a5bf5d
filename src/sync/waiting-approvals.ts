// How many campaigns wait under the two-person rule (docs/product.md#the-two-person-rule): the count an approver
// may decide (the menu's badge) and the author's own (the dashboard's note). Asked from the gateway online when a
// screen opens, and told by the Approvals screen as it loads; never stored on the device.
import type { UserInfo } from '../domain/types';
import { approvalRuleOn, may } from '../domain/account/permissions';
import { waitingCounts } from '../domain/send/approval';
import { approvalLists, type Approval } from './approvals';

export interface WaitingApprovals {
  toDecide: number;
  mine: number;
}

const NONE: WaitingApprovals = { toDecide: 0, mine: 0 };
let current: WaitingApprovals = NONE;
const listeners = new Set<() => void>();

export const waitingSnapshot = (): WaitingApprovals => current;

export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the lists of member `memberId` (null: the owner) hold now: the Approvals screen tells it after each load. */
export function tellWaiting(memberId: number | null, toDecide: readonly Approval[], mine: readonly Approval[]) {
  const next = waitingCounts(toDecide, mine, memberId);
  if (next.toDecide === current.toDecide && next.mine === current.mine) return;
  current = next;
  for (const listener of listeners) listener();
}

/** What is asked for `user`: the campaigns to decide when they approve, their own when they are a member who sends. */
export const waitingWanted = (
  user: Pick<UserInfo, 'permissions' | 'approvalover' | 'approvalmarketing' | 'member'>,
) => ({
  toDecide: approvalRuleOn(user) && may(user, 'approve'),
  mine: approvalRuleOn(user) && Boolean(user.member) && may(user, 'send'),
});

/** Asks the gateway again; a failure leaves the counts as they were (the next screen asks again). */
export async function refreshWaiting(user: Parameters<typeof waitingWanted>[0]): Promise<void> {
  const wanted = waitingWanted(user);
  const memberId = user.member?.id ?? null;
  if (!wanted.toDecide && !wanted.mine) return tellWaiting(memberId, [], []);
  try {
    const lists = await approvalLists(wanted);
    tellWaiting(memberId, lists.toDecide, lists.mine);
  } catch {
    // Offline or signed out meanwhile: the badge keeps its last count.
  }
}
