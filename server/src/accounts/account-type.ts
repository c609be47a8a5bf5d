import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import type { UserRow } from '../db/schema-core';
import { domainOfUser } from '../tenancy/domains';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { canSetPremium } from '../../../src/domain/account/permissions';

export const ACCOUNT_TYPES = ['REGULAR', 'PREMIUM', 'RESELLER'] as const;
export const UNKNOWN_ACCOUNT_TYPE = 'Please choose an account type: REGULAR, PREMIUM or RESELLER';
export const PREMIUM_NOT_ALLOWED = 'The PREMIUM account type is not available for your account';
export const RESELLING_OFF = 'Reselling is not available on this platform';
export const RESELLER_STAYS = 'A reseller with its own domain cannot change its account type';

/** changeaccountype: the account's new type (docs/product.md#account-type); `user` is updated in place. */
export async function changeAccountType(
  ctx: GatewayContext,
  user: UserRow,
  requested: string,
  source: AuditSource,
): Promise<void> {
  const accountType = requested.trim().toUpperCase();
  if (!(ACCOUNT_TYPES as readonly string[]).includes(accountType)) throw refuse(UNKNOWN_ACCOUNT_TYPE);
  if (accountType === user.accountType) return;
  if (accountType === 'PREMIUM' && !canSetPremium(user)) throw refuse(PREMIUM_NOT_ALLOWED);
  const domain = await domainOfUser(ctx, user);
  if (user.accountType === 'RESELLER' && domain?.profile_id === user.profile_id) throw refuse(RESELLER_STAYS);
  if (accountType === 'RESELLER' && domain?.enablereseller !== 1) throw refuse(RESELLING_OFF);
  // A reseller manages the clients who sign up on its domain, so it is an admin; leaving reselling
  // leaves the rights too. Profile 6 runs the platform whatever its type.
  const isAdmin = accountType === 'RESELLER' || user.profile_id === TOP_SUPERVISOR_ID ? 1 : 0;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ accountType, isAdmin }).where('profile_id', '=', user.profile_id).execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'account_type_changed',
      source,
      details: {
        before: user.accountType,
        after: accountType,
        adminBefore: user.isAdmin === 1,
        adminAfter: isAdmin === 1,
      },
    });
  });
  Object.assign(user, { accountType, isAdmin });
}
