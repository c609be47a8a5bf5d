// Two-step sign-in's settings (docs/product.md#two-step-sign-in): whether it is required, enrolment,
// turning it off, new recovery codes, and a current code checked before a change.
import { generateSecret, generateURI } from 'otplib';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { forbidden, refuse } from '../core/errors';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { findAccount } from './account-store';
import { giveBackAttempt, takeAttempt } from './attempts';
import { sendNotice, twoStepOffText } from './notices';
import {
  codeAttemptsOf,
  dropRecoveryCodes,
  ownerCodes,
  replaceRecoveryCodes,
  TOTP_CODE,
  useTotpCode,
} from './two-step-codes';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import {
  TWO_STEP_ALREADY_ON,
  TWO_STEP_CODE_USED,
  TWO_STEP_NOT_ON,
  TWO_STEP_NOT_STARTED,
  TWO_STEP_ONLY_RESELLERS,
  TWO_STEP_OWN_FIRST,
  TWO_STEP_REQUIRED_STAYS,
  TWO_STEP_WRONG_CODE,
} from '../../../src/domain/account/two-step';

/** Whether the account must use two-step sign-in: it said so itself, or it is an admin whose supervisor requires it. */
export async function twoStepRequired(ctx: GatewayContext, user: UserRow): Promise<boolean> {
  if (user.require_two_step === 1) return true;
  if (user.isAdmin !== 1 || !user.supid) return false;
  const supervisor = await findAccount(ctx, user.supid);
  return supervisor?.require_two_step === 1;
}

/** Checks a code typed for the signed-in account (turning off, new recovery codes), inside the caller's transaction. */
async function checkOwnCode(ctx: GatewayContext, db: Executor, user: UserRow, code: string) {
  const outcome = TOTP_CODE.test(code.trim())
    ? await useTotpCode(db, ctx, ownerCodes(user), user.totp_secret, code.trim())
    : 'wrong';
  if (outcome === 'used') throw refuse(TWO_STEP_CODE_USED);
  if (outcome === 'wrong') throw refuse(TWO_STEP_WRONG_CODE);
}

/** Starts enrolment: a new secret waits for its first code; the app shows it as a QR code and as text. */
export async function startEnrolment(ctx: GatewayContext, user: UserRow, issuer: string) {
  if (user.totp_enabled === 1) throw refuse(TWO_STEP_ALREADY_ON);
  const secret = generateSecret();
  await ctx.db.updateTable('users').set({ totp_pending: secret }).where('profile_id', '=', user.profile_id).execute();
  return { secret, uri: generateURI({ issuer: issuer || 'Bulk SMS', label: user.username, secret }) };
}

/** The first code confirms the waiting secret: two-step is on, and ten recovery codes are answered once. */
export async function confirmEnrolment(ctx: GatewayContext, user: UserRow, code: string, source: AuditSource) {
  if (user.totp_enabled === 1) throw refuse(TWO_STEP_ALREADY_ON);
  if (!user.totp_pending) throw refuse(TWO_STEP_NOT_STARTED);
  await takeAttempt(ctx, 'twoStepCode', codeAttemptsOf(user.profile_id));
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const outcome = TOTP_CODE.test(code.trim())
      ? await useTotpCode(trx, ctx, ownerCodes(user), user.totp_pending, code.trim())
      : 'wrong';
    if (outcome === 'used') throw refuse(TWO_STEP_CODE_USED);
    if (outcome === 'wrong') throw refuse(TWO_STEP_WRONG_CODE);
    return { recoveryCodes: await turnOnTwoStep(trx, ctx, user, source) };
  });
  await giveBackAttempt(ctx, 'twoStepCode', codeAttemptsOf(user.profile_id));
  return answer;
}

/**
 * Counts an attempt, checks the account's current code and runs `work` in the same transaction; a
 * right code gives the attempt back.
 */
export async function withCurrentCode<T>(
  ctx: GatewayContext,
  user: UserRow,
  code: string,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  await takeAttempt(ctx, 'twoStepCode', codeAttemptsOf(user.profile_id));
  const answer = await ctx.db.transaction().execute(async (trx) => {
    await checkOwnCode(ctx, trx, user, code);
    return work(trx);
  });
  await giveBackAttempt(ctx, 'twoStepCode', codeAttemptsOf(user.profile_id));
  return answer;
}

/** Turning two-step off needs a current code, and is refused while it is required of the account. */
export async function disableTwoStep(
  ctx: GatewayContext,
  user: UserRow,
  code: string,
  source: AuditSource,
  supervisorId: number,
) {
  if (user.totp_enabled !== 1) throw refuse(TWO_STEP_NOT_ON);
  if (await twoStepRequired(ctx, user)) throw refuse(TWO_STEP_REQUIRED_STAYS);
  await withCurrentCode(ctx, user, code, async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: '', totp_pending: '', totp_enabled: 0, require_two_step: 0 })
      .where('profile_id', '=', user.profile_id)
      .execute();
    await dropRecoveryCodes(trx, user.profile_id);
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'two_step_off', source });
  });
  await sendNotice(ctx, user, supervisorId, twoStepOffText());
}

/** Ten new recovery codes, given a current code: the old ones stop working. */
export async function renewRecoveryCodes(ctx: GatewayContext, user: UserRow, code: string, source: AuditSource) {
  if (user.totp_enabled !== 1) throw refuse(TWO_STEP_NOT_ON);
  return withCurrentCode(ctx, user, code, async (trx) => {
    const recoveryCodes = await replaceRecoveryCodes(trx, user.profile_id);
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'recovery_codes', source });
    return { recoveryCodes };
  });
}

/** A reseller or profile 6 requires two-step of itself and the admins it supervises (its own must be on first). */
export async function setTwoStepRequirement(
  ctx: GatewayContext,
  user: UserRow,
  required: boolean,
  source: AuditSource,
) {
  if (user.accountType !== 'RESELLER' && user.profile_id !== TOP_SUPERVISOR_ID)
    throw forbidden(TWO_STEP_ONLY_RESELLERS);
  if (required && user.totp_enabled !== 1) throw refuse(TWO_STEP_OWN_FIRST);
  const value = required ? 1 : 0;
  if (user.require_two_step === value) return;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ require_two_step: value }).where('profile_id', '=', user.profile_id).execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'two_step_required',
      source,
      details: { before: user.require_two_step === 1, after: required },
    });
  });
}

/**
 * Turns two-step sign-in on with the secret waiting for its first code (the profile's confirm, or a
 * sign-in that must set it up): new recovery codes, recorded in the audit log. Answers the codes.
 */
export async function turnOnTwoStep(trx: Executor, ctx: GatewayContext, user: UserRow, source: AuditSource) {
  await trx
    .updateTable('users')
    .set({ totp_secret: user.totp_pending, totp_pending: '', totp_enabled: 1 })
    .where('profile_id', '=', user.profile_id)
    .execute();
  const recoveryCodes = await replaceRecoveryCodes(trx, user.profile_id);
  await recordAudit(trx, { at: ctx.now(), actor: user, action: 'two_step_on', source });
  return recoveryCodes;
}
