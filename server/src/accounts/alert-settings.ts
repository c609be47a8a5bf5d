import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { clientAccount, findAccount } from './account-store';
import type { QuietHours } from '../../../src/domain/send/quiet-hours';
import type { ApprovalRule } from '../../../src/domain/send/approval';

// An account's alert level, its quiet hours and a client's monthly cap (docs/product.md#low-balance-alerts,
// docs/product.md#spending-caps): settings of the account, which the money area reads as it charges.

/** Sets the credits under which a charge alerts the account (null: no alerts); answers the account. */
export async function setAlertLevel(ctx: GatewayContext, user: UserRow, threshold: number | null): Promise<UserRow> {
  await ctx.db
    .updateTable('users')
    .set({ low_balance_threshold: threshold ?? 0 })
    .where('profile_id', '=', user.profile_id)
    .execute();
  return (await findAccount(ctx, user.profile_id))!;
}

/** Sets the account's quiet hours (docs/product.md#quiet-hours); answers the account. */
export async function setQuietHours(ctx: GatewayContext, user: UserRow, quiet: QuietHours): Promise<UserRow> {
  await ctx.db
    .updateTable('users')
    .set({ quiet_start: quiet.start, quiet_end: quiet.end, quiet_sundays: quiet.sundays ? 1 : 0 })
    .where('profile_id', '=', user.profile_id)
    .execute();
  return (await findAccount(ctx, user.profile_id))!;
}

/** An admin sets (null: clears) its client's monthly spending cap, audited; answers the client. */
export async function setClientCap(
  ctx: GatewayContext,
  admin: UserRow,
  clientId: unknown,
  monthlyCap: number | null,
  source: AuditSource,
): Promise<UserRow> {
  const client = await clientAccount(ctx, admin, clientId);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ monthly_cap: monthlyCap })
      .where('profile_id', '=', client.profile_id)
      .execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: admin,
      action: 'spending_cap_changed',
      source,
      targetId: client.profile_id,
      details: { client: client.username, monthlyCap: monthlyCap ?? 'none', before: client.monthly_cap ?? 'none' },
    });
  });
  return (await findAccount(ctx, client.profile_id))!;
}

/** Sets the account's two-person rule (docs/product.md#the-two-person-rule); answers the account. */
export async function setApprovalRule(ctx: GatewayContext, user: UserRow, rule: ApprovalRule): Promise<UserRow> {
  await ctx.db
    .updateTable('users')
    .set({ approval_over: rule.overRecipients, approval_marketing: rule.marketing ? 1 : 0 })
    .where('profile_id', '=', user.profile_id)
    .execute();
  return (await findAccount(ctx, user.profile_id))!;
}
