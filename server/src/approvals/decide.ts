import type { GatewayContext } from '../core/context';
import type { Scope } from '../core/scope';
import type { Executor } from '../db/database';
import type { ApprovalRow } from '../db/schema-approvals';
import { conflict, forbidden } from '../core/errors';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { refund } from '../money/balance';
import { acceptSend } from '../sending/accept-send';
import type { SendItemInput } from '../sending/send-items';
import { memberContact, textTeam } from '../accounts/approvers';
import type { Approval } from '../../../src/domain/contract/approvals';
import { ALREADY_DECIDED, OWN_CAMPAIGN, outcomeText } from '../../../src/domain/send/approval';
import { auditedCampaign, ownApproval, shownApproval } from './approval-rows';

// An approver's decision on a waiting campaign (docs/product.md#the-two-person-rule). Each takes the row from
// `waiting` with a conditional update in the transaction that moves its money, so of two approvers deciding
// at once one wins and the other is told it was decided: a campaign is sent once, a reservation released once.

type Decider = Pick<Scope, 'user' | 'member'>;
type Decision = 'approved' | 'rejected';

/** Who decided, as the row and the author's SMS name them: the member, or the account's own login. */
const deciderName = (decider: Decider) => decider.member?.name ?? decider.user.username;

/** Takes the row from waiting to `decision` with who and why, and releases its reservation; refused if already decided. */
async function takeDecision(
  trx: Executor,
  ctx: GatewayContext,
  decider: Decider,
  id: number,
  decision: Decision,
  note: string,
  source: AuditSource,
): Promise<ApprovalRow> {
  const now = ctx.now();
  const row = await trx
    .updateTable('approvals')
    .set({
      state: decision,
      decided_by: decider.member?.id ?? null,
      decider_name: deciderName(decider),
      decided_at: now,
      note,
    })
    .where('id', '=', id)
    .where('profile_id', '=', decider.user.profile_id)
    .where('state', '=', 'waiting')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(ALREADY_DECIDED);
  const ref = { kind: 'approval', id: row.id } as const;
  await refund(trx, row.profile_id, Number(row.cost), { reason: 'release', ref, actor: row.profile_id, at: now });
  await recordAudit(trx, {
    at: now,
    actor: decider.user,
    action: decision === 'approved' ? 'campaign_approved' : 'campaign_rejected',
    source,
    details: { ...auditedCampaign(row), note, ...(decider.member ? { by: decider.member.id } : {}) },
  });
  return row;
}

/** Refuses the author's own decision and one already made, before any work. */
async function decidable(ctx: GatewayContext, decider: Decider, id: number): Promise<ApprovalRow> {
  const row = await ownApproval(ctx.db, decider.user.profile_id, id);
  if (decider.member && decider.member.id === row.author_id) throw forbidden(OWN_CAMPAIGN);
  if (row.state !== 'waiting') throw conflict(ALREADY_DECIDED);
  return row;
}

/**
 * Approves: the campaign goes out (or is registered) as it was stored, in one transaction with its release
 * and the send's own charge (docs/product.md#the-two-person-rule); the author is told.
 */
export async function approveCampaign(
  ctx: GatewayContext,
  decider: Decider,
  id: number,
  note: string,
  source: AuditSource,
): Promise<Approval> {
  const waiting = await decidable(ctx, decider, id);
  const items = JSON.parse(waiting.items) as SendItemInput[];
  // The campaign is its author's: their message, their spending, their monthly cap.
  const answer = await acceptSend(ctx, decider.user, items, null, {
    member: waiting.author_id,
    beforeSend: async (trx) => void (await takeDecision(trx, ctx, decider, id, 'approved', note, source)),
  });
  const row = await ctx.db
    .updateTable('approvals')
    .set({ message_id: answer.message_id })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await tellAuthor(ctx, decider, row, 'approved');
  return shownApproval(row);
}

/** Rejects: nothing is sent, exactly the reserved credits go back; the author is told. */
export async function rejectCampaign(
  ctx: GatewayContext,
  decider: Decider,
  id: number,
  note: string,
  source: AuditSource,
): Promise<Approval> {
  await decidable(ctx, decider, id);
  const row = await ctx.db
    .transaction()
    .execute((trx) => takeDecision(trx, ctx, decider, id, 'rejected', note, source));
  await tellAuthor(ctx, decider, row, 'rejected');
  return shownApproval(row);
}

/** The author's SMS of the outcome (the app shows it on their Approvals list). */
async function tellAuthor(ctx: GatewayContext, decider: Decider, row: ApprovalRow, decision: Decision) {
  const author = await memberContact(ctx.db, row.profile_id, row.author_id);
  if (!author) return;
  await textTeam(
    ctx,
    decider.user,
    [author.phone],
    outcomeText(decision, row.recipients, deciderName(decider), row.note),
  );
}
