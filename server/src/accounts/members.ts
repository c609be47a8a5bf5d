// A team's members (docs/product.md#members-and-roles): listed, invited, their roles changed, removed. Only
// someone with the ownership permission gives or takes the Owner role, or changes or removes an Owner.
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { MemberRow } from '../db/schema-team';
import type { TeamMember } from '../core/scope';
import { conflict, forbidden, notFound, refuse } from '../core/errors';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { periodStart, spendingByMember } from '../money/caps';
import { isEmailAddress } from '../../../src/domain/fields';
import { checkPhoneNumber } from '../../../src/domain/numbers/number-screen';
import {
  rolesAllow,
  rolesFromText,
  rolesText,
  touchesOwnership,
  type TeamRole,
} from '../../../src/domain/account/team-roles';
import {
  MEMBER_ALREADY_IN_TEAM,
  MEMBER_EMAIL_INVALID,
  MEMBER_NOT_FOUND,
  MEMBER_PHONE_INVALID,
  NOT_YOURSELF,
  ONLY_OWNERS_OWNERSHIP,
} from '../../../src/domain/account/team-members';
import type { Member } from '../../../src/domain/contract/team';

/** Who acts on the team: the account, and the member signed in (null for the owner's own login). */
export interface TeamActor {
  user: UserRow;
  member: TeamMember | null;
}

/** A member as the Team screen shows them, with what their sends spent this month. */
export const shownMember = (row: MemberRow, spentThisMonth = 0): Member => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  roles: rolesFromText(row.roles),
  status: row.status === 'active' ? 'active' : 'invited',
  inviteExpiresAt: row.status === 'invited' ? row.invite_expires_at : 0,
  joinedAt: row.joined_at,
  monthlyCap: row.monthly_cap === null ? null : Number(row.monthly_cap),
  spentThisMonth,
  twoStep: row.totp_enabled === 1,
});

/** The account's members, invited and active, in the order they were invited. */
export async function listMembers(ctx: GatewayContext, profileId: number): Promise<Member[]> {
  const rows = await ctx.db
    .selectFrom('members')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('status', '<>', 'removed')
    .orderBy('id')
    .execute();
  const spent = await spendingByMember(ctx.db, profileId, periodStart('month', ctx.now()));
  return rows.map((row) => shownMember(row, spent.get(row.id) ?? 0));
}

/**
 * Sets (or with null clears) a member's monthly credit cap (docs/product.md#who-did-what): each charge of
 * theirs is checked against it in the charge's transaction (money/caps.ts memberCap). Not one's own.
 */
export async function setMemberCap(
  ctx: GatewayContext,
  actor: TeamActor,
  id: number,
  monthlyCap: number | null,
  source: AuditSource,
): Promise<Member> {
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await ownMember(trx, actor.user.profile_id, id);
    mayChange(actor, row, rolesFromText(row.roles));
    const after = await trx
      .updateTable('members')
      .set({ monthly_cap: monthlyCap })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: actor.user,
      action: 'spending_cap_changed',
      source,
      details: { member: row.id, name: row.name, monthlyCap: monthlyCap ?? 'none', before: row.monthly_cap ?? 'none' },
    });
    return after;
  });
  const spent = await spendingByMember(ctx.db, actor.user.profile_id, periodStart('month', ctx.now()));
  return shownMember(updated, spent.get(updated.id) ?? 0);
}

/** The names of every member the account ever had, by id: a removed one's marked so (their past actions keep a name). */
export async function memberNames(ctx: GatewayContext, profileId: number): Promise<Map<number, string>> {
  const rows = await ctx.db
    .selectFrom('members')
    .select(['id', 'name', 'status'])
    .where('profile_id', '=', profileId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.status === 'removed' ? `${r.name} (removed)` : r.name]));
}

/** One of the account's members, not removed, read in `db`; another account's id is not found. */
export async function ownMember(db: Executor, profileId: number, id: number): Promise<MemberRow> {
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .where('profile_id', '=', profileId)
    .where('status', '<>', 'removed')
    .executeTakeFirst();
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/** Refuses a change of the Owner role (given, taken, or an Owner changed) by someone without ownership, and one of oneself. */
function mayChange(actor: TeamActor, row: MemberRow, after: readonly TeamRole[]): void {
  if (actor.member?.id === row.id) throw forbidden(NOT_YOURSELF);
  const owns = !actor.member || rolesAllow(actor.member.roles, 'ownership');
  if (!owns && touchesOwnership(rolesFromText(row.roles), after)) throw forbidden(ONLY_OWNERS_OWNERSHIP);
}

export interface Invitee {
  name: string;
  phone: string;
  email?: string | undefined;
  roles: TeamRole[];
}

/** The invitee's phone (canonical) and e-mail (lower case, or ''), or a refusal that says which is wrong. */
export function checkedContact(invitee: Invitee): { phone: string; email: string } {
  const phone = checkPhoneNumber(invitee.phone.trim());
  if (!phone.ok) throw refuse(MEMBER_PHONE_INVALID);
  const email = (invitee.email ?? '').trim().toLowerCase();
  if (email && !isEmailAddress(email)) throw refuse(MEMBER_EMAIL_INVALID);
  return { phone: phone.number, email };
}

/** Adds an invited member in `trx`, or refuses a phone number already in the team. */
export async function addInvited(
  ctx: GatewayContext,
  trx: Executor,
  actor: TeamActor,
  invitee: Invitee,
  invite: { hash: string; expiresAt: number },
  source: AuditSource,
): Promise<MemberRow> {
  const { phone, email } = checkedContact(invitee);
  const owns = !actor.member || rolesAllow(actor.member.roles, 'ownership');
  if (!owns && invitee.roles.includes('Owner')) throw forbidden(ONLY_OWNERS_OWNERSHIP);
  const profileId = actor.user.profile_id;
  const taken = await trx
    .selectFrom('members')
    .select('id')
    .where('profile_id', '=', profileId)
    .where('phone', '=', phone)
    .where('status', '<>', 'removed')
    .executeTakeFirst();
  if (taken) throw conflict(MEMBER_ALREADY_IN_TEAM);
  const row = await trx
    .insertInto('members')
    .values({
      profile_id: profileId,
      name: invitee.name.trim(),
      phone,
      email,
      roles: rolesText(invitee.roles),
      status: 'invited',
      invite_hash: invite.hash,
      invite_expires_at: invite.expiresAt,
      created_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    at: ctx.now(),
    actor: actor.user,
    action: 'member_invited',
    source,
    details: { member: row.id, roles: row.roles, ...(actor.member ? { by: actor.member.id } : {}) },
  });
  return row;
}

/** Replaces a member's roles. */
export async function setMemberRoles(
  ctx: GatewayContext,
  actor: TeamActor,
  id: number,
  roles: TeamRole[],
  source: AuditSource,
): Promise<Member> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await ownMember(trx, actor.user.profile_id, id);
    mayChange(actor, row, roles);
    const updated = await trx
      .updateTable('members')
      .set({ roles: rolesText(roles) })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: actor.user,
      action: 'member_roles_changed',
      source,
      details: {
        member: row.id,
        before: row.roles,
        after: updated.roles,
        ...(actor.member ? { by: actor.member.id } : {}),
      },
    });
    return shownMember(updated);
  });
}

/** Removes a member (or cancels an invitation) and ends their sessions in the same transaction. */
export async function removeMember(ctx: GatewayContext, actor: TeamActor, id: number, source: AuditSource) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await ownMember(trx, actor.user.profile_id, id);
    mayChange(actor, row, []);
    await trx
      .updateTable('members')
      .set({ status: 'removed', removed_at: ctx.now(), invite_hash: '', password_hash: '' })
      .where('id', '=', row.id)
      .execute();
    await trx
      .updateTable('tokens')
      .set({ revoked: 1 })
      .where('member_id', '=', row.id)
      .where('revoked', '=', 0)
      .execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: actor.user,
      action: 'member_removed',
      source,
      details: { member: row.id, status: row.status, ...(actor.member ? { by: actor.member.id } : {}) },
    });
  });
}
