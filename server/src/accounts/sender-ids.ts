import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { busy, notFound, refuse } from '../core/errors';
import { splitSenderIds, TEST_SENDER_ID } from '../../../src/domain/messages/sender-id';
import { USER_NOT_FOUND } from '../../../src/domain/contacts/contact';
import { recordAudit, type AuditSource } from '../audit/audit-log';

/** Who changes the lists, from where, and what the audit log records of it. */
export interface SenderIdAudit {
  actor: UserRow;
  source: AuditSource;
  action: 'sender_id_requested' | 'sender_id_approved' | 'sender_id_rejected';
  details: Record<string, unknown>;
}

export type SenderIdLists = { approved: string[]; pending: string[] };

/** A change of the lists, or the refusal to show the user. */
export type SenderIdChange = (lists: SenderIdLists) => SenderIdLists | string;

/**
 * Applies a change to an account's approved and pending sender IDs as compare-and-set, so two
 * requests at once never lose each other's IDs (on SQLite and PostgreSQL alike).
 */
export async function changeSenderIds(
  ctx: GatewayContext,
  profileId: number,
  change: SenderIdChange,
  audit: SenderIdAudit,
): Promise<UserRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const user = await ctx.db.selectFrom('users').selectAll().where('profile_id', '=', profileId).executeTakeFirst();
    if (!user) throw notFound(USER_NOT_FOUND);
    const next = change({
      approved: splitSenderIds(user.senderidapproved),
      pending: splitSenderIds(user.pendingsenderid),
    });
    if (typeof next === 'string') throw refuse(next);
    const values = { senderidapproved: next.approved.join(','), pendingsenderid: next.pending.join(',') };
    const changed = await ctx.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('users')
        .set(values)
        .where('profile_id', '=', profileId)
        .where('senderidapproved', '=', user.senderidapproved)
        .where('pendingsenderid', '=', user.pendingsenderid)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, {
        at: ctx.now(),
        actor: audit.actor,
        action: audit.action,
        source: audit.source,
        ...(profileId !== audit.actor.profile_id ? { targetId: profileId } : {}),
        details: { account: user.username, ...audit.details },
      });
      return true;
    });
    if (changed) return { ...user, ...values };
  }
  throw busy();
}

export const unique = (ids: string[]) => [...new Set(ids)];

export const MAX_PENDING_SENDER_IDS = 10;

/** A user's request: new IDs join the pending list; an approved one is refused, a pending one kept once. */
export const requestIds =
  (ids: string[]): SenderIdChange =>
  ({ approved, pending }) => {
    const already = ids.find((id) => approved.includes(id));
    if (already) return `Sender ID ${already} is already approved`;
    const next = unique([...pending, ...ids]);
    // One account cannot bury the approver in requests.
    if (next.length > MAX_PENDING_SENDER_IDS)
      return `At most ${MAX_PENDING_SENDER_IDS} sender IDs can await approval at once`;
    return { approved, pending: next };
  };

/** Profile 6's decision on IDs awaiting approval: approved ones move over, rejected ones are dropped. */
export const decideIds =
  (ids: string[], approve: boolean): SenderIdChange =>
  ({ approved, pending }) => {
    const missing = ids.find((id) => !pending.includes(id));
    if (missing) return `Sender ID ${missing} is not awaiting approval`;
    // 'TEST' is kept only until the account has an ID of its own (docs/product.md#sender-ids).
    return {
      approved: approve ? unique([...approved.filter((id) => id !== TEST_SENDER_ID), ...ids]) : approved,
      pending: pending.filter((id) => !ids.includes(id)),
    };
  };
