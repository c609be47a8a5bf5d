import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { conflict, refuse, tooManyAttempts } from '../core/errors';
import type { UserRow } from '../db/schema-core';
import { isUniqueViolation } from '../db/queries';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { SEND_ATTEMPTS } from '../../../src/domain/constants';
import { WRONG_CODE } from '../../../src/domain/alerts';
import { canonicalPhone } from '../../../src/domain/phone-number';
import {
  accountEmailError,
  companyError,
  CURRENT_PASSWORD_WRONG,
  newPhoneError,
  NOTHING_CHANGED,
  passwordChangeError,
  phoneCodeError,
  type PasswordChange,
} from '../../../src/domain/own-account';
import { giveBackAttempt, takeAttempt } from './attempts';
import { checkCode, issueCode } from './codes';
import { findAccount } from './account-store';
import { revokeAllTokens } from './sessions';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { sendPhoneCode } from './system-texts';
import { EMAIL_TAKEN } from './uniqueness';

/** A new number's codes: 4 sends (as sign-up's), counted again an hour after the first. */
export const PHONE_CODE_WINDOW_MS = 3600 * 1000;
export const PHONE_CODES_USED = 'The code has been sent 4 times already, please wait an hour and ask again';
export const PHONE_CODE_EXPIRED = 'The code has expired, please ask for a new code';
export const PHONE_CODE_ATTEMPTS_USED = 'Too many wrong codes, please ask for a new code';
export const PHONE_CODE_MISSING = 'No code is waiting for this number, please ask for a code first';

const account = (profileId: number) => `acct:${profileId}`;

async function reload(ctx: GatewayContext, profileId: number): Promise<UserRow> {
  const user = await findAccount(ctx, profileId);
  if (!user) throw refuse('This account no longer exists');
  return user;
}

/** Saves the account's e-mail (unique, ignoring case) and company name. */
export async function updateContactDetails(
  ctx: GatewayContext,
  user: UserRow,
  fields: { email: string; companyname: string },
): Promise<UserRow> {
  await takeAttempt(ctx, 'accountEdit', account(user.profile_id));
  const email = fields.email.trim();
  const companyname = fields.companyname.trim();
  const problem = accountEmailError(email) ?? companyError(companyname);
  if (problem) throw refuse(problem);
  if (email === user.email && companyname === user.companyname) throw refuse(NOTHING_CHANGED);
  const other = await ctx.db
    .selectFrom('users')
    .select('profile_id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('profile_id', '<>', user.profile_id)
    .executeTakeFirst();
  if (other) throw conflict(EMAIL_TAKEN);
  try {
    await ctx.db.updateTable('users').set({ email, companyname }).where('profile_id', '=', user.profile_id).execute();
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  return reload(ctx, user.profile_id);
}

/**
 * Texts a code to the new number, bound to it: only that number's code confirms it. It goes out
 * under the sender of `supervisorId` (the request's domain), as reset codes do.
 */
export async function startPhoneChange(
  ctx: GatewayContext,
  user: UserRow,
  phone: string,
  supervisorId: number,
): Promise<void> {
  const problem = newPhoneError(phone, user.telnumber);
  if (problem) throw refuse(problem);
  const number = canonicalPhone(phone);
  const issued = await issueCode(ctx, 'phone', user.profile_id, SEND_ATTEMPTS, PHONE_CODE_WINDOW_MS, number);
  if (!issued) throw tooManyAttempts(PHONE_CODES_USED);
  await sendPhoneCode(ctx, supervisorId, number, issued.code);
}

/** Takes the new number once its code is right; the number is kept in its canonical form (233...). */
export async function confirmPhoneChange(
  ctx: GatewayContext,
  user: UserRow,
  phone: string,
  code: string,
): Promise<UserRow> {
  const problem = newPhoneError(phone, user.telnumber) ?? phoneCodeError(code);
  if (problem) throw refuse(problem);
  await takeAttempt(ctx, 'phoneCodeCheck', account(user.profile_id));
  const number = canonicalPhone(phone);
  const check = await checkCode(ctx, 'phone', { subjectId: user.profile_id }, code, number);
  if (!check.ok) {
    const message = {
      wrong: WRONG_CODE,
      expired: PHONE_CODE_EXPIRED,
      exhausted: PHONE_CODE_ATTEMPTS_USED,
      unknown: PHONE_CODE_MISSING,
    }[check.reason];
    throw refuse(message);
  }
  await ctx.db.updateTable('users').set({ telnumber: number }).where('profile_id', '=', user.profile_id).execute();
  return reload(ctx, user.profile_id);
}

/**
 * A new password, given the current one. Every other session ends, as after a reset; the caller's
 * session (`keepToken`) and the API key stay (the profile offers a new key beside it).
 */
export async function changeOwnPassword(
  ctx: GatewayContext,
  user: UserRow,
  change: PasswordChange,
  keepToken: string,
  source: AuditSource,
): Promise<void> {
  const problem = passwordChangeError(change);
  if (problem) throw refuse(problem);
  const key = account(user.profile_id);
  await takeAttempt(ctx, 'ownPassword', key);
  if (!(await verifyPassword(change.currentPassword, user.password_hash))) throw refuse(CURRENT_PASSWORD_WRONG);
  await giveBackAttempt(ctx, 'ownPassword', key);
  const passwordHash = await hashPassword(change.newPassword, ctx.scryptCost);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('profile_id', '=', user.profile_id)
      .execute();
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'password_changed', source });
  });
  await revokeAllTokens(ctx, user.profile_id, keepToken);
}
