import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { unsuppress } from './suppression';

/** An account takes a number off its own list (the app or the API): the removal and its audit row in one transaction. */
export async function removeOwnOptOut(
  ctx: GatewayContext,
  user: UserRow,
  number: string,
  reason: string,
  source: AuditSource,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await unsuppress(trx, user.profile_id, number, reason, user.profile_id, now);
    await recordAudit(trx, {
      at: now,
      actor: user,
      action: 'opt_out_removed',
      source,
      details: { number: number.trim().slice(0, 30), reason: reason.trim().slice(0, 200) },
    });
  });
}
