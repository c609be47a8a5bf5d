import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { conflict, refuse, tooManyAttempts } from '../core/errors';
import type { UserRow } from '../db/schema-core';
import { isUniqueViolation } from '../db/queries';
import { hashPassword } from '../auth/passwords';
import { apiKeyHash, newApiKey } from '../auth/tokens';
import { SEND_ATTEMPTS } from '../../../src/domain/constants';
import { WRONG_CODE } from '../../../src/domain/alerts';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import {
  accountEmailError,
  companyError,
  newPhoneError,
  NOTHING_CHANGED,
  passwordChangeError,
  phoneCodeError,
  type EndedCredentials,
  type PasswordChange,
} from '../../../src/domain/account/own-account';
import { takeAttempt } from './attempts';
import { checkCode, issueCode } from './codes';
import { findAccount } from './account-store';
import { revokeAllTokens } from './sessions';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { sendPhoneCode } from './system-texts';
import { EMAIL_TAKEN } from './uniqueness';
import { checkCurrentPassword, proveOwner, type OwnerProof } from './owner-proof';
import { emailChangedText, phoneChangedText, sendNotice } from './notices';
import type { EndCredentials } from './credentials';

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

/** Saves fields of the caller's own row and, in the same transaction, its audit entry when one is given. */
async function saveAudited(
  ctx: GatewayContext,
  user: UserRow,
  fields: { email?: string; companyname?: string; telnumber?: string },
  audit: Omit<Parameters<typeof recordAudit>[1], 'at' | 'actor'> | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(fields).where('profile_id', '=', user.profile_id).execute();
    if (audit) await recordAudit(trx, { at: ctx.now(), actor: user, ...audit });
  });
}

/**
 * Saves the account's e-mail (unique, ignoring case) and company name. A new address (not the same one
 * in another case) asks for the owner's proof, is audited and is texted to the account's number, under
 * the sender of `supervisorId` (the request's domain).
 */
export async function updateContactDetails(
  ctx: GatewayContext,
  user: UserRow,
  fields: { email: string; companyname: string } & OwnerProof,
  source: AuditSource,
  supervisorId: number,
): Promise<UserRow> {
  await takeAttempt(ctx, 'accountEdit', account(user.profile_id));
  const email = fields.email.trim();
  const companyname = fields.companyname.trim();
  const problem = accountEmailError(email) ?? companyError(companyname);
  if (problem) throw refuse(problem);
  if (email === user.email && companyname === user.companyname) throw refuse(NOTHING_CHANGED);
  const moves = email.toLowerCase() !== user.email.toLowerCase();
  if (moves) await proveOwner(ctx, user, fields);
  const other = await ctx.db
    .selectFrom('users')
    .select('profile_id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('profile_id', '<>', user.profile_id)
    .executeTakeFirst();
  if (other) throw conflict(EMAIL_TAKEN);
  try {
    await saveAudited(
      ctx,
      user,
      { email, companyname },
      moves ? { action: 'email_changed', source, details: { before: user.email, after: email } } : null,
    );
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  // No e-mail leaves the gateway: the account's number is told.
  if (moves) await sendNotice(ctx, user, supervisorId, emailChangedText(), 'channel');
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

/**
 * Takes the new number once the owner's proof and its code are right (the proof first, so a refused one
 * spends no code); the number is kept in its canonical form (233...). The change is audited and the
 * number the account had is told, under the sender of `supervisorId`.
 */
export async function confirmPhoneChange(
  ctx: GatewayContext,
  user: UserRow,
  change: { phone: string; code: string } & OwnerProof,
  source: AuditSource,
  supervisorId: number,
): Promise<UserRow> {
  const { phone, code } = change;
  const problem = newPhoneError(phone, user.telnumber) ?? phoneCodeError(code);
  if (problem) throw refuse(problem);
  await proveOwner(ctx, user, change);
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
  await saveAudited(
    ctx,
    user,
    { telnumber: number },
    { action: 'phone_changed', source, details: { before: user.telnumber, after: number } },
  );
  await sendNotice(ctx, user, supervisorId, phoneChangedText(number), 'channel');
  return reload(ctx, user.profile_id);
}

/**
 * A new password, given the current one. Every other session ends, as after a reset; the caller's
 * session (`keepToken`) stays. The keys stay too (the profile offers a new key beside them) unless
 * `endCredentials` is given: then the account key is replaced and it ends the rest (every API v1 key,
 * the SMPP password) in the same transaction, and what ended is answered.
 */
export async function changeOwnPassword(
  ctx: GatewayContext,
  user: UserRow,
  change: PasswordChange,
  keepToken: string,
  source: AuditSource,
  endCredentials?: EndCredentials,
): Promise<EndedCredentials | null> {
  const problem = passwordChangeError(change);
  if (problem) throw refuse(problem);
  await checkCurrentPassword(ctx, user, change.currentPassword);
  const passwordHash = await hashPassword(change.newPassword, ctx.scryptCost);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, ...(endCredentials ? { apikey: apiKeyHash(newApiKey()) } : {}) })
      .where('profile_id', '=', user.profile_id)
      .execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'password_changed',
      source,
      ...(endCredentials ? { details: { credentialsEnded: true } } : {}),
    });
    const sessions = await revokeAllTokens(ctx, user.profile_id, keepToken, trx);
    return endCredentials ? { sessions, ...(await endCredentials(trx, user, 'password change')) } : null;
  });
  return ended;
}
