// A team member's own two-step sign-in (docs/product.md#two-step-sign-in): set up, turned off and given new
// recovery codes by the member for their own login only, as the owner's (two-step.ts) is for the account's;
// and the owner's (or an Admin's) requirement of it for every member.
import { generateSecret, generateURI } from 'otplib';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { MemberRow } from '../db/schema-team';
import type { TeamMember } from '../core/scope';
import { notFound, refuse } from '../core/errors';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { giveBackAttempt, takeAttempt } from './attempts';
import {
  codeAttemptsOf,
  dropRecoveryCodes,
  replaceRecoveryCodes,
  TOTP_CODE,
  useTotpCode,
  type CodeHolder,
} from './two-step-codes';
import {
  TWO_STEP_ALREADY_ON,
  TWO_STEP_CODE_USED,
  TWO_STEP_NOT_ON,
  TWO_STEP_NOT_STARTED,
  TWO_STEP_TEAM_REQUIRED_STAYS,
  TWO_STEP_WRONG_CODE,
} from '../../../src/domain/account/two-step';
import { MEMBER_NOT_FOUND } from '../../../src/domain/account/team-members';
import { rolesFromText } from '../../../src/domain/account/team-roles';
import { ownMember } from './members';

export const memberCodes = (row: MemberRow): CodeHolder => ({
  profileId: row.profile_id,
  memberId: row.id,
  lastStep: row.totp_last_step,
});

/** The active member `memberId` of account `profileId`, read in `db`; any other (invited too) is not found. */
export async function activeMemberRow(db: Executor, profileId: number, memberId: number): Promise<MemberRow> {
  const row = await ownMember(db, profileId, memberId);
  if (row.status !== 'active') throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/** The member a completed second step signs in, as a session names them. */
export async function signedInMember(ctx: GatewayContext, profileId: number, memberId: number): Promise<TeamMember> {
  const row = await activeMemberRow(ctx.db, profileId, memberId);
  return { id: row.id, name: row.name, roles: rolesFromText(row.roles) };
}

/** Whether the member has two-step on, and whether their account requires it of every member. */
export async function memberTwoStepState(ctx: GatewayContext, user: UserRow, memberId: number) {
  const row = await ctx.db.selectFrom('members').select('totp_enabled').where('id', '=', memberId).executeTakeFirst();
  return { on: row?.totp_enabled === 1, required: user.members_two_step === 1 };
}

/** Starts the member's enrolment: a new secret waits for its first code (the app shows it as a QR code and as text). */
export async function startMemberEnrolment(ctx: GatewayContext, user: UserRow, memberId: number, issuer: string) {
  const row = await activeMemberRow(ctx.db, user.profile_id, memberId);
  if (row.totp_enabled === 1) throw refuse(TWO_STEP_ALREADY_ON);
  const secret = generateSecret();
  await ctx.db.updateTable('members').set({ totp_pending: secret }).where('id', '=', row.id).execute();
  return { secret, uri: generateURI({ issuer: issuer || 'Bulk SMS', label: row.phone, secret }) };
}

/** Checks a 6-digit code against `secret` for the member, in the caller's transaction; refuses a wrong or used one. */
async function checkMemberCode(ctx: GatewayContext, db: Executor, row: MemberRow, secret: string, code: string) {
  const outcome = TOTP_CODE.test(code.trim())
    ? await useTotpCode(db, ctx, memberCodes(row), secret, code.trim())
    : 'wrong';
  if (outcome === 'used') throw refuse(TWO_STEP_CODE_USED);
  if (outcome === 'wrong') throw refuse(TWO_STEP_WRONG_CODE);
}

/**
 * Counts an attempt against the member's own counter, re-reads their row in a transaction and runs
 * `work` there; a right code (checked by `work`) gives the attempt back.
 */
async function withMemberRow<T>(
  ctx: GatewayContext,
  user: UserRow,
  memberId: number,
  work: (trx: Executor, row: MemberRow) => Promise<T>,
): Promise<T> {
  await takeAttempt(ctx, 'twoStepCode', codeAttemptsOf(user.profile_id, memberId));
  const answer = await ctx.db.transaction().execute(async (trx) => {
    return work(trx, await activeMemberRow(trx, user.profile_id, memberId));
  });
  await giveBackAttempt(ctx, 'twoStepCode', codeAttemptsOf(user.profile_id, memberId));
  return answer;
}

/** The member's first code confirms their waiting secret: two-step is on, and ten recovery codes are answered once. */
export async function confirmMemberEnrolment(
  ctx: GatewayContext,
  user: UserRow,
  memberId: number,
  code: string,
  source: AuditSource,
) {
  return withMemberRow(ctx, user, memberId, async (trx, row) => {
    if (row.totp_enabled === 1) throw refuse(TWO_STEP_ALREADY_ON);
    if (!row.totp_pending) throw refuse(TWO_STEP_NOT_STARTED);
    await checkMemberCode(ctx, trx, row, row.totp_pending, code);
    return { recoveryCodes: await turnOnMemberTwoStep(trx, ctx, user, row, source) };
  });
}

/** The member turns their two-step off with a current code; refused while their account requires it of members. */
export async function disableMemberTwoStep(
  ctx: GatewayContext,
  user: UserRow,
  memberId: number,
  code: string,
  source: AuditSource,
) {
  await withMemberRow(ctx, user, memberId, async (trx, row) => {
    if (row.totp_enabled !== 1) throw refuse(TWO_STEP_NOT_ON);
    if (user.members_two_step === 1) throw refuse(TWO_STEP_TEAM_REQUIRED_STAYS);
    await checkMemberCode(ctx, trx, row, row.totp_secret, code);
    await trx
      .updateTable('members')
      .set({ totp_secret: '', totp_pending: '', totp_enabled: 0 })
      .where('id', '=', row.id)
      .execute();
    await dropRecoveryCodes(trx, user.profile_id, row.id);
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'two_step_off', source, member: row.id });
  });
}

/** Ten new recovery codes for the member, given a current code: their old ones stop working. */
export async function renewMemberRecoveryCodes(
  ctx: GatewayContext,
  user: UserRow,
  memberId: number,
  code: string,
  source: AuditSource,
) {
  return withMemberRow(ctx, user, memberId, async (trx, row) => {
    if (row.totp_enabled !== 1) throw refuse(TWO_STEP_NOT_ON);
    await checkMemberCode(ctx, trx, row, row.totp_secret, code);
    const recoveryCodes = await replaceRecoveryCodes(trx, user.profile_id, row.id);
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'recovery_codes', source, member: row.id });
    return { recoveryCodes };
  });
}

/**
 * Turns the member's two-step on with the secret waiting for its first code (their profile's confirm, or
 * a sign-in that must set it up): new recovery codes, recorded in the audit log. Answers the codes.
 */
export async function turnOnMemberTwoStep(
  trx: Executor,
  ctx: GatewayContext,
  user: UserRow,
  row: MemberRow,
  source: AuditSource,
) {
  await trx
    .updateTable('members')
    .set({ totp_secret: row.totp_pending, totp_pending: '', totp_enabled: 1 })
    .where('id', '=', row.id)
    .execute();
  const recoveryCodes = await replaceRecoveryCodes(trx, user.profile_id, row.id);
  await recordAudit(trx, { at: ctx.now(), actor: user, action: 'two_step_on', source, member: row.id });
  return recoveryCodes;
}

/**
 * The owner (or an Admin: the members permission) requires two-step sign-in of every member of the
 * account, or stops requiring it: a member without it sets it up at their next sign-in.
 */
export async function setMembersTwoStep(
  ctx: GatewayContext,
  actor: { user: UserRow; member: TeamMember | null },
  required: boolean,
  source: AuditSource,
): Promise<boolean> {
  const value = required ? 1 : 0;
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('users')
      .set({ members_two_step: value })
      .where('profile_id', '=', actor.user.profile_id)
      .where('members_two_step', '<>', value)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      at: ctx.now(),
      actor: actor.user,
      action: 'two_step_required',
      source,
      details: { of: 'every member', before: !required, after: required },
    });
  });
  return required;
}
