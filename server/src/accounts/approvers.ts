// Who the two-person rule tells (docs/product.md#the-two-person-rule): the account's people who may approve
// a campaign (its owner's login, and its active members whose roles allow `approve`), and a member's own contact.
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { rolesAllow, rolesFromText } from '../../../src/domain/account/team-roles';
import { domainOfUser } from '../tenancy/domains';
import type { GatewayContext } from '../core/context';
import { sendSystemText } from './system-texts';

/** A person to tell: their phone (canonical) and e-mail ('' when none). */
export interface Contact {
  phone: string;
  email: string;
}

/** Those who may approve `author`'s campaign: the owner's login and every active approving member but the author. */
export async function approversOf(db: Executor, account: UserRow, authorId: number): Promise<Contact[]> {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'phone', 'email', 'roles'])
    .where('profile_id', '=', account.profile_id)
    .where('status', '=', 'active')
    .execute();
  const members = rows.filter((r) => r.id !== authorId && rolesAllow(rolesFromText(r.roles), 'approve'));
  return [
    { phone: account.telnumber, email: account.email },
    ...members.map((r) => ({ phone: r.phone, email: r.email })),
  ];
}

/** A member's own phone and e-mail; null when they are no longer in the team. */
export async function memberContact(db: Executor, profileId: number, memberId: number): Promise<Contact | null> {
  const row = await db
    .selectFrom('members')
    .select(['phone', 'email'])
    .where('id', '=', memberId)
    .where('profile_id', '=', profileId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

/** Texts `text` to each phone from the sender of the domain the account's people sign in on. */
export async function textTeam(ctx: GatewayContext, account: UserRow, phones: readonly string[], text: string) {
  const supervisorId = (await domainOfUser(ctx, account))?.profile_id ?? account.supid;
  for (const phone of new Set(phones.filter((p) => p.trim() !== '')))
    await sendSystemText(ctx, supervisorId, phone, text);
}
