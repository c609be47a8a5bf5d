// A member's invitation (docs/product.md#members-and-roles): an SMS with a link on the account's own domain,
// valid 72 hours and used once (only its hash is kept); the link's page sets the member's password.
import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { MemberRow } from '../db/schema-team';
import { conflict, notFound, refuse } from '../core/errors';
import { sha256 } from '../auth/tokens';
import { hashPassword } from '../auth/passwords';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { domainOfUser, tenantHost } from '../tenancy/domains';
import { findAccount } from './account-store';
import { addInvited, ownMember, shownMember, type Invitee, type TeamActor } from './members';
import { sendInvitation } from './system-texts';
import { PASSWORD_MIN_LENGTH } from '../../../src/domain/constants';
import { displayPhone } from '../../../src/domain/numbers/phone-number';
import {
  ALREADY_JOINED,
  INVITATION_GONE,
  INVITATION_TTL_MS,
  invitationText,
  JOIN_PATH_PREFIX,
  MEMBER_PASSWORD_SHORT,
  MEMBER_PASSWORDS_DIFFER,
} from '../../../src/domain/account/team-members';
import type { Member } from '../../../src/domain/contract/team';

/** A new invitation's code (what the link carries), its hash (what is kept) and its end. */
function newInvitation(ctx: GatewayContext) {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: sha256(code), expiresAt: ctx.now() + INVITATION_TTL_MS };
}

/** Texts the link to the member, from the sender of the domain the account's people sign in on. */
async function textInvitation(ctx: GatewayContext, account: UserRow, row: MemberRow, code: string) {
  const host = await tenantHost(ctx, account);
  const supervisorId = (await domainOfUser(ctx, account))?.profile_id ?? account.supid;
  await sendInvitation(ctx, supervisorId, row.phone, invitationText(`https://${host}${JOIN_PATH_PREFIX}${code}`));
}

/** Invites a person: the member is kept as invited, then the SMS goes out. */
export async function inviteMember(
  ctx: GatewayContext,
  actor: TeamActor,
  invitee: Invitee,
  source: AuditSource,
): Promise<Member> {
  const invite = newInvitation(ctx);
  const row = await ctx.db.transaction().execute((trx) => addInvited(ctx, trx, actor, invitee, invite, source));
  await textInvitation(ctx, actor.user, row, invite.code);
  return shownMember(row);
}

/** A new link for someone not yet joined: the old one stops working, the new one lasts another 72 hours. */
export async function resendInvitation(ctx: GatewayContext, actor: TeamActor, id: number): Promise<Member> {
  const row = await ownMember(ctx.db, actor.user.profile_id, id);
  if (row.status !== 'invited') throw conflict(ALREADY_JOINED);
  const invite = newInvitation(ctx);
  const updated = await ctx.db
    .updateTable('members')
    .set({ invite_hash: invite.hash, invite_expires_at: invite.expiresAt })
    .where('id', '=', row.id)
    .where('status', '=', 'invited')
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw conflict(ALREADY_JOINED);
  await textInvitation(ctx, actor.user, updated, invite.code);
  return shownMember(updated);
}

/** The invited member a live code names; expired, used, cancelled or unknown codes are all one answer. */
async function invitedBy(ctx: GatewayContext, code: string): Promise<MemberRow> {
  const row = await ctx.db
    .selectFrom('members')
    .selectAll()
    .where('invite_hash', '=', sha256(code.trim()))
    .where('status', '=', 'invited')
    .where('invite_expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (!row || !code.trim()) throw notFound(INVITATION_GONE);
  return row;
}

/** What the invitation's page shows: the member's name and number, and the team's company. */
export async function invitationFor(ctx: GatewayContext, code: string) {
  const row = await invitedBy(ctx, code);
  const account = await findAccount(ctx, row.profile_id);
  return { name: row.name, company: account?.companyname ?? '', phone: displayPhone(row.phone) };
}

/** Sets the member's password and uses the invitation, once: a second use finds it gone. */
export async function acceptInvitation(
  ctx: GatewayContext,
  input: { code: string; password: string; cpassword: string },
  source: AuditSource,
): Promise<{ login: string }> {
  if (input.password.length < PASSWORD_MIN_LENGTH) throw refuse(MEMBER_PASSWORD_SHORT);
  if (input.password !== input.cpassword) throw refuse(MEMBER_PASSWORDS_DIFFER);
  const row = await invitedBy(ctx, input.code);
  const hash = await hashPassword(input.password, ctx.scryptCost);
  const account = await findAccount(ctx, row.profile_id);
  await ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('members')
      .set({ status: 'active', password_hash: hash, invite_hash: '', joined_at: ctx.now() })
      .where('id', '=', row.id)
      .where('invite_hash', '=', row.invite_hash)
      .where('status', '=', 'invited')
      .where('invite_expires_at', '>', ctx.now())
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw notFound(INVITATION_GONE);
    if (account)
      await recordAudit(trx, {
        at: ctx.now(),
        actor: account,
        action: 'member_joined',
        source,
        details: { member: row.id, by: row.id },
      });
  });
  return { login: displayPhone(row.phone) };
}
