import type { GatewayContext } from '../core/context';
import type { Scope, TeamMember } from '../core/scope';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { ApprovalRow } from '../db/schema-approvals';
import type { IdempotencyRange } from '../../../src/domain/send/idempotency-key';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { queueMail } from '../mail/outbox';
import { balances, charge } from '../money/balance';
import { holdMemberCap } from '../money/caps';
import { rememberAnswer, storedAnswer, type SendAnswer } from '../messaging/idempotency';
import { acceptSend } from '../sending/accept-send';
import { quoteSend, type SendQuote } from '../sending/send-quote';
import type { SendItemInput } from '../sending/send-items';
import { approversOf, textTeam } from '../accounts/approvers';
import { tenantHost } from '../tenancy/domains';
import { auditedCampaign, reservedByAuthor, ruleOf } from './approval-rows';
import {
  approverText,
  AWAITING_APPROVAL,
  FIRST_NUMBERS_SHOWN,
  needsApproval,
  ruleIsOn,
} from '../../../src/domain/send/approval';

// A send from the app (docs/product.md#the-two-person-rule): a team member's campaign the account's rule
// matches is stored whole, its cost reserved in the same transaction, and waits for an approver; everything
// else (the owner's own sends, an API key's) goes out at once through acceptSend.

/** A twin request of the same Idempotency-Key held the campaign first: its answer is this one's. */
class EarlierAnswer extends Error {
  constructor(readonly answer: SendAnswer) {
    super('answered earlier');
  }
}

export async function sendOrHold(
  ctx: GatewayContext,
  scope: Pick<Scope, 'user' | 'member'>,
  items: SendItemInput[],
  idem: IdempotencyRange | null,
  source: AuditSource,
): Promise<SendAnswer> {
  const { user, member } = scope;
  const rule = ruleOf(user);
  if (!member || !ruleIsOn(rule)) return acceptSend(ctx, user, items, idem);
  if (idem) {
    const repeat = await storedAnswer(ctx.db, user.profile_id, idem.key);
    if (repeat) return repeat;
  }
  const quote = await quoteSend(ctx, user, items, ctx.now());
  if (!needsApproval(rule, quote.numbers.length, quote.envelope.category)) return acceptSend(ctx, user, items, idem);
  try {
    return await holdForApproval(ctx, { user, member }, items, quote, idem, source);
  } catch (error) {
    if (error instanceof EarlierAnswer) return error.answer;
    throw error;
  }
}

async function holdForApproval(
  ctx: GatewayContext,
  { user, member }: { user: UserRow; member: TeamMember },
  items: SendItemInput[],
  quote: SendQuote,
  idem: IdempotencyRange | null,
  source: AuditSource,
): Promise<SendAnswer> {
  const now = ctx.now();
  const host = await tenantHost(ctx, user);
  const { row, answer, approvers } = await ctx.db.transaction().execute(async (trx) => {
    const row = await insertWaiting(trx, user, member, items, quote, now);
    const why = {
      reason: 'reservation',
      ref: { kind: 'approval', id: row.id },
      actor: user.profile_id,
      at: now,
    } as const;
    await charge(trx, user.profile_id, quote.cost, why, 'this campaign');
    // The author's monthly cap, in the words a send's refusal uses; checked again when it is approved.
    const reserved = await reservedByAuthor(trx, user.profile_id, member.id, row.id);
    await holdMemberCap(trx, user.profile_id, member.id, { credits: quote.cost, reserved, at: now, what: 'this send' });
    await recordAudit(trx, {
      at: now,
      actor: user,
      action: 'approval_requested',
      source,
      details: { ...auditedCampaign(row), by: member.id },
    });
    const balance = await balances(trx, user.profile_id);
    const answer: SendAnswer = {
      message: AWAITING_APPROVAL,
      creditbalance: Number(balance.creditbalance),
      internationalcreditbalance: Number(balance.internationalcreditbalance),
      message_id: 0,
      awaitingApproval: true,
      approval_id: row.id,
    };
    if (idem) {
      await rememberAnswer(trx, user.profile_id, idem.key, answer, now);
      const kept = await storedAnswer(trx, user.profile_id, idem.key);
      if (kept && kept.approval_id !== row.id) throw new EarlierAnswer(kept);
    }
    const approvers = await approversOf(trx, user, member.id);
    const text = approverText(member.name, row.recipients, row.source_address, host);
    for (const person of approvers)
      await queueMail(
        trx,
        {
          profileId: user.profile_id,
          kind: 'approval',
          to: person.email,
          fromName: user.companyname || host,
          subject: 'A campaign awaits your approval',
          text,
        },
        now,
      );
    return { row, answer, approvers };
  });
  await textTeam(
    ctx,
    user,
    approvers.map((p) => p.phone),
    approverText(member.name, row.recipients, row.source_address, host),
  );
  return answer;
}

/** The waiting campaign's row: the items as read, and what the approver is shown. */
function insertWaiting(
  trx: Executor,
  user: UserRow,
  member: TeamMember,
  items: SendItemInput[],
  quote: SendQuote,
  now: number,
): Promise<ApprovalRow> {
  const { envelope } = quote;
  return trx
    .insertInto('approvals')
    .values({
      profile_id: user.profile_id,
      author_id: member.id,
      author_name: member.name,
      state: 'waiting',
      items: JSON.stringify(items),
      kind: envelope.kind,
      category: envelope.category,
      source_address: envelope.sourceAddress,
      short_message: envelope.shortMessage,
      description: envelope.description,
      send_at: envelope.at,
      recipients: quote.numbers.length,
      first_numbers: quote.numbers.slice(0, FIRST_NUMBERS_SHOWN).join(','),
      parts: envelope.parts,
      cost: quote.cost,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
