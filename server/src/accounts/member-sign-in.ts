// A team member signs in through the account's login call (docs/product.md#members-and-roles): their phone
// number (any way it is written) or e-mail, and their own password, on a domain their account may use.
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import type { TeamMember } from '../core/scope';
import { verifyPassword } from '../auth/passwords';
import { findAccount } from './account-store';
import { mayUseDomain } from './credentials';
import { checkPhoneNumber } from '../../../src/domain/numbers/number-screen';
import { rolesFromText } from '../../../src/domain/account/team-roles';

/** At most this many members' passwords are tried for one login (a number in several teams). */
const MOST_CANDIDATES = 5;

/** The active member `login` names whose password this is, on this domain, with their account; or null. */
export async function memberSignIn(
  ctx: GatewayContext,
  login: string,
  password: string,
  domain: DomainRow,
): Promise<{ user: UserRow; member: TeamMember } | null> {
  const wanted = login.trim().toLowerCase();
  const phone = wanted.includes('@') ? null : checkPhoneNumber(wanted);
  if (!wanted || (phone && !phone.ok && !wanted.includes('@'))) return null;
  const rows = await ctx.db
    .selectFrom('members')
    .selectAll()
    .where(phone?.ok ? 'phone' : 'email', '=', phone?.ok ? phone.number : wanted)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(MOST_CANDIDATES)
    .execute();
  for (const row of rows) {
    if (!(await verifyPassword(password, row.password_hash))) continue;
    const user = await findAccount(ctx, row.profile_id);
    if (user && mayUseDomain(user, domain))
      return { user, member: { id: row.id, name: row.name, roles: rolesFromText(row.roles) } };
  }
  return null;
}
