import type { Executor } from '../db/database';
import type { ApprovalRow } from '../db/schema-approvals';
import type { UserRow } from '../db/schema-core';
import type { Approval } from '../../../src/domain/contract/approvals';
import type { ApprovalRule } from '../../../src/domain/send/approval';
import { APPROVAL_NOT_FOUND } from '../../../src/domain/send/approval';
import { notFound } from '../core/errors';

// The campaigns the two-person rule holds (docs/product.md#the-two-person-rule): the account's rule, the rows
// as the Approvals screen shows them, and their lists.

/** The account's rule as stored on its row. */
export const ruleOf = (user: UserRow): ApprovalRule => ({
  overRecipients: user.approval_over === null ? null : Number(user.approval_over),
  marketing: Number(user.approval_marketing) === 1,
});

/** A row as the Approvals screen shows it. */
export const shownApproval = (row: ApprovalRow): Approval => ({
  id: row.id,
  state: row.state,
  author: { id: row.author_id, name: row.author_name },
  sourceAddress: row.source_address,
  text: row.short_message,
  description: row.description,
  kind: row.kind,
  category: row.category,
  sendAt: Number(row.send_at),
  recipients: row.recipients,
  firstNumbers: row.first_numbers === '' ? [] : row.first_numbers.split(','),
  parts: row.parts,
  cost: Number(row.cost),
  createdAt: Number(row.created_at),
  decidedBy: row.decider_name,
  decidedAt: Number(row.decided_at),
  note: row.note,
  messageId: row.message_id,
});

/** The latest decided campaigns a list shows beside the waiting ones. */
const DECIDED_SHOWN = 20;

/** The account's waiting campaigns (oldest first), then its latest decided; only `authorId`'s when given. */
export async function approvalList(db: Executor, profileId: number, authorId: number | null): Promise<Approval[]> {
  let base = db.selectFrom('approvals').selectAll().where('profile_id', '=', profileId);
  if (authorId !== null) base = base.where('author_id', '=', authorId);
  const waiting = await base.where('state', '=', 'waiting').orderBy('id', 'asc').execute();
  const decided = await base.where('state', '<>', 'waiting').orderBy('id', 'desc').limit(DECIDED_SHOWN).execute();
  return [...waiting, ...decided].map(shownApproval);
}

/** One of the account's campaigns; another account's id is not found. */
export async function ownApproval(db: Executor, profileId: number, id: number): Promise<ApprovalRow> {
  const row = await db
    .selectFrom('approvals')
    .selectAll()
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  if (!row) throw notFound(APPROVAL_NOT_FOUND);
  return row;
}

/** What the audit log keeps of a campaign: what was (or is to be) approved, unchanged. */
export const auditedCampaign = (row: ApprovalRow) => ({
  approval: row.id,
  author: row.author_name,
  text: row.short_message,
  recipients: row.recipients,
  senderId: row.source_address,
  sendAt: Number(row.send_at),
  cost: Number(row.cost),
});

/** Credits `authorId`'s other waiting campaigns hold: what their monthly cap counts as spent when one more waits. */
export async function reservedByAuthor(db: Executor, profileId: number, authorId: number, except: number) {
  const row = await db
    .selectFrom('approvals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cost'), eb.val(0)).as('reserved'))
    .where('profile_id', '=', profileId)
    .where('author_id', '=', authorId)
    .where('state', '=', 'waiting')
    .where('id', '<>', except)
    .executeTakeFirst();
  return Number(row?.reserved ?? 0);
}
