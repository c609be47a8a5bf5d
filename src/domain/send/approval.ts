// The two-person rule (docs/product.md#the-two-person-rule): an account may make its members' campaigns over
// a number of recipients, or all of their marketing (promotional) sends, wait for an approver who is not
// their author. One reading of the rule for the gateway (which holds a send) and the app (which says so).
import type { SendCategory } from './quiet-hours';
import { APP_PATHS } from '../navigation/app-paths';

/** An account's rule: a campaign over `overRecipients` waits (null: no limit); `marketing`: every promotional send waits. */
export interface ApprovalRule {
  readonly overRecipients: number | null;
  readonly marketing: boolean;
}

/** The most recipients a limit may name: a larger one would never be reached. */
export const APPROVAL_LIMIT_MAX = 1_000_000;

/** Whether a member's send of `recipients` numbers in `category` waits for an approver under `rule`. */
export const needsApproval = (rule: ApprovalRule, recipients: number, category: SendCategory): boolean =>
  (rule.overRecipients !== null && recipients > rule.overRecipients) || (rule.marketing && category === 'promotional');

/** Whether the rule asks anything at all. */
export const ruleIsOn = (rule: ApprovalRule): boolean => rule.overRecipients !== null || rule.marketing;

/** The rule in words, as the Team screen and the send form say it. */
export function ruleText(rule: ApprovalRule): string {
  const over = rule.overRecipients === null ? null : `campaigns over ${rule.overRecipients} recipients`;
  const marketing = rule.marketing ? 'all marketing sends' : null;
  const what = [over, marketing].filter((part) => part !== null).join(' and ');
  return what ? `Approval is required for ${what} made by team members` : 'No approval is required';
}

export const APPROVAL_STATES = ['waiting', 'approved', 'rejected'] as const;
export type ApprovalStateName = (typeof APPROVAL_STATES)[number];

/** How each state is shown. */
export const APPROVAL_STATE_TEXT: Readonly<Record<ApprovalStateName, string>> = {
  waiting: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The send's answer when it waits (also the outbox's state text). */
export const AWAITING_APPROVAL =
  'Awaiting approval: your campaign waits for an approver; its cost is reserved and it goes out once approved';
export const OWN_CAMPAIGN = 'You cannot approve or reject your own campaign: another approver must decide';
export const ALREADY_DECIDED = 'This campaign has already been approved or rejected';
export const APPROVAL_NOT_FOUND = 'No campaign awaiting approval has this id';
export const APPROVAL_NOTE_MAX = 500;

/** How many of a waiting campaign's numbers the approver is shown. */
export const FIRST_NUMBERS_SHOWN = 5;

/** An account's rule as its user info carries it. */
export const approvalRuleOfUser = (user: {
  approvalover?: number | null | undefined;
  approvalmarketing?: boolean | undefined;
}): ApprovalRule => ({ overRecipients: user.approvalover ?? null, marketing: user.approvalmarketing === true });

/** The SMS (and e-mail) telling approvers a campaign waits. */
export const approverText = (author: string, recipients: number, sender: string, host: string) =>
  `${author}'s campaign to ${recipients} recipients from ${sender} awaits your approval: https://${host}${APP_PATHS.approvals.getHref()}`;

/** The SMS telling the author how their campaign was decided. */
export function outcomeText(decision: 'approved' | 'rejected', recipients: number, by: string, note: string): string {
  const what = `Your campaign to ${recipients} recipients was ${decision} by ${by}`;
  const sent = decision === 'approved' ? ' and is on its way' : '';
  return note ? `${what}${sent}. Note: ${note}` : `${what}${sent}.`;
}

/** How many campaigns wait: those `memberId` (null: the account's owner) may decide, and their own. */
export function waitingCounts(
  toDecide: readonly { state: string; author: { id: number } }[],
  mine: readonly { state: string }[],
  memberId: number | null,
): { toDecide: number; mine: number } {
  return {
    toDecide: toDecide.filter((a) => a.state === 'waiting' && a.author.id !== memberId).length,
    mine: mine.filter((a) => a.state === 'waiting').length,
  };
}

/** The dashboard's note to an author whose campaigns wait. */
export const ownWaitingText = (count: number) =>
  count === 1
    ? 'One of your campaigns is awaiting approval: it goes out once an approver approves it.'
    : `${count} of your campaigns are awaiting approval: each goes out once an approver approves it.`;
