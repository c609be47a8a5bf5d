import { randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { forbidden, refuse, tooManyAttempts } from '../core/errors';
import { sha256 } from '../auth/tokens';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { CODE_TTL_MS } from './codes';
import { findAccount } from './account-store';
import { giveBackAttempt, takeAttempt } from './attempts';
import { sendNotice, twoStepOffText } from './notices';
import { VALIDATION_ATTEMPTS, TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import {
  RECOVERY_CODE_COUNT,
  TWO_STEP_ALREADY_ON,
  TWO_STEP_CODE_USED,
  TWO_STEP_EXPIRED,
  TWO_STEP_NOT_ON,
  TWO_STEP_NOT_STARTED,
  TWO_STEP_ONLY_RESELLERS,
  TWO_STEP_OWN_FIRST,
  TWO_STEP_REQUIRED_STAYS,
  TWO_STEP_TOO_MANY,
  TWO_STEP_WRONG_CODE,
} from '../../../src/domain/account/two-step';

/** One step of clock drift either way (30 s a step), as authenticator apps expect. */
const DRIFT_SECONDS = 30;

const account = (profileId: number) => `acct:${profileId}`;
const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown: 10 characters in two groups of 5, letters and digits that are never confused. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (profileId: number, code: string) => sha256(`recovery:${profileId}:${normalRecovery(code)}`);

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Whether the account must use two-step sign-in: it said so itself, or it is an admin whose supervisor requires it. */
export async function twoStepRequired(ctx: GatewayContext, user: UserRow): Promise<boolean> {
  if (user.require_two_step === 1) return true;
  if (user.isAdmin !== 1 || !user.supid) return false;
  const supervisor = await findAccount(ctx, user.supid);
  return supervisor?.require_two_step === 1;
}

/**
 * Checks a 6-digit code against the secret at the clock's time, one step of drift allowed; a code
 * (its time step) is used once: the step is taken with compare-and-set, so a replay races and loses.
 */
async function useTotpCode(db: Executor, ctx: GatewayContext, user: UserRow, secret: string, code: string) {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(ctx.now() / 1000),
    epochTolerance: DRIFT_SECONDS,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return 'wrong' as const;
  const step = result.timeStep;
  if (step <= user.totp_last_step) return 'used' as const;
  const taken = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('profile_id', '=', user.profile_id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? ('ok' as const) : ('used' as const);
}

/** Uses one unused recovery code of the account, or answers false. */
async function useRecoveryCode(db: Executor, ctx: GatewayContext, profileId: number, code: string): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: ctx.now() })
    .where('profile_id', '=', profileId)
    .where('code_hash', '=', recoveryHash(profileId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Ten new recovery codes replace the account's old ones; only their hashes are kept. */
async function replaceRecoveryCodes(db: Executor, profileId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('recovery_codes').where('profile_id', '=', profileId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ profile_id: profileId, code_hash: recoveryHash(profileId, code), used_at: null })))
    .execute();
  return codes;
}

/** Checks a code typed for the signed-in account (turning off, new recovery codes), inside the caller's transaction. */
async function checkOwnCode(ctx: GatewayContext, db: Executor, user: UserRow, code: string) {
  const outcome = TOTP_CODE.test(code.trim())
    ? await useTotpCode(db, ctx, user, user.totp_secret, code.trim())
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
  await takeAttempt(ctx, 'twoStepCode', account(user.profile_id));
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const outcome = TOTP_CODE.test(code.trim())
      ? await useTotpCode(trx, ctx, user, user.totp_pending, code.trim())
      : 'wrong';
    if (outcome === 'used') throw refuse(TWO_STEP_CODE_USED);
    if (outcome === 'wrong') throw refuse(TWO_STEP_WRONG_CODE);
    await trx
      .updateTable('users')
      .set({ totp_secret: user.totp_pending, totp_pending: '', totp_enabled: 1 })
      .where('profile_id', '=', user.profile_id)
      .execute();
    const recoveryCodes = await replaceRecoveryCodes(trx, user.profile_id);
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'two_step_on', source });
    return { recoveryCodes };
  });
  await giveBackAttempt(ctx, 'twoStepCode', account(user.profile_id));
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
  await takeAttempt(ctx, 'twoStepCode', account(user.profile_id));
  const answer = await ctx.db.transaction().execute(async (trx) => {
    await checkOwnCode(ctx, trx, user, code);
    return work(trx);
  });
  await giveBackAttempt(ctx, 'twoStepCode', account(user.profile_id));
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
    await trx.deleteFrom('recovery_codes').where('profile_id', '=', user.profile_id).execute();
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

// ---- Sign-in's second step ----

export interface TwoStepChallenge {
  challenge: string;
  /** 'code': type the app's code; 'enrol': two-step is required but not set up, so set it up now. */
  twoStep: 'code' | 'enrol';
  secret?: string;
  uri?: string;
}

/**
 * After a right password: a sign-in that needs a second step gets a challenge (valid 10 minutes,
 * 7 tries, like a reset code) instead of a session. A required but missing two-step is set up here.
 */
export async function challengeFor(
  ctx: GatewayContext,
  user: UserRow,
  issuer: string,
): Promise<TwoStepChallenge | null> {
  const enrol = user.totp_enabled !== 1;
  if (enrol && !(await twoStepRequired(ctx, user))) return null;
  const challenge = randomBytes(24).toString('base64url');
  const now = ctx.now();
  await ctx.db
    .insertInto('login_challenges')
    .values({
      challenge_hash: sha256(challenge),
      profile_id: user.profile_id,
      expires_at: now + CODE_TTL_MS,
      attempts_left: VALIDATION_ATTEMPTS,
      created_at: now,
    })
    .execute();
  if (!enrol) return { challenge, twoStep: 'code' };
  return { challenge, twoStep: 'enrol', ...(await startEnrolment(ctx, user, issuer)) };
}

export type ChallengeOutcome = { user: UserRow; recoveryCodes?: string[]; usedRecovery: boolean };

/**
 * The second step: the challenge's account, once its code (or a recovery code) is right. Every try
 * spends one of the challenge's attempts and one of the account's (so new challenges do not reset
 * the count); a wrong try is recorded as a failed sign-in.
 */
export async function completeChallenge(
  ctx: GatewayContext,
  challenge: string,
  code: string,
  source: AuditSource,
): Promise<ChallengeOutcome> {
  const row = await ctx.db
    .selectFrom('login_challenges')
    .selectAll()
    .where('challenge_hash', '=', sha256(challenge))
    .executeTakeFirst();
  if (!row || row.used === 1 || row.expires_at <= ctx.now()) throw refuse(TWO_STEP_EXPIRED);
  const spent = await ctx.db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
    .where('id', '=', row.id)
    .where('attempts_left', '>', 0)
    .where('used', '=', 0)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) throw tooManyAttempts(TWO_STEP_TOO_MANY);
  await takeAttempt(ctx, 'twoStepCode', account(row.profile_id));
  const user = await findAccount(ctx, row.profile_id);
  if (!user) throw refuse(TWO_STEP_EXPIRED);
  const typed = code.trim();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (user.totp_enabled !== 1) {
      // Setting up a required two-step: the first code confirms the waiting secret.
      if (!user.totp_pending) return 'wrong' as const;
      const result = TOTP_CODE.test(typed) ? await useTotpCode(trx, ctx, user, user.totp_pending, typed) : 'wrong';
      if (result !== 'ok') return result;
      await trx
        .updateTable('users')
        .set({ totp_secret: user.totp_pending, totp_pending: '', totp_enabled: 1 })
        .where('profile_id', '=', user.profile_id)
        .execute();
      const recoveryCodes = await replaceRecoveryCodes(trx, user.profile_id);
      await recordAudit(trx, { at: ctx.now(), actor: user, action: 'two_step_on', source });
      return { recoveryCodes, usedRecovery: false };
    }
    if (TOTP_CODE.test(typed)) {
      const result = await useTotpCode(trx, ctx, user, user.totp_secret, typed);
      return result === 'ok' ? { usedRecovery: false } : result;
    }
    if (!(await useRecoveryCode(trx, ctx, user.profile_id, typed))) return 'wrong' as const;
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'recovery_code_used', source });
    return { usedRecovery: true };
  });
  if (outcome === 'wrong' || outcome === 'used') {
    await recordAudit(ctx.db, {
      at: ctx.now(),
      actor: user,
      action: 'signin_failed',
      source,
      details: { step: 'two-step code' },
    });
    throw refuse(outcome === 'used' ? TWO_STEP_CODE_USED : TWO_STEP_WRONG_CODE);
  }
  const closed = await ctx.db
    .updateTable('login_challenges')
    .set({ used: 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) throw refuse(TWO_STEP_EXPIRED);
  await giveBackAttempt(ctx, 'twoStepCode', account(row.profile_id));
  const fresh = (await findAccount(ctx, row.profile_id)) ?? user;
  return { user: fresh, ...outcome };
}

/** Challenges past their time are removed by the hourly sweep. */
export async function pruneChallenges(ctx: GatewayContext): Promise<void> {
  await ctx.db
    .deleteFrom('login_challenges')
    .where('expires_at', '<', ctx.now() - CODE_TTL_MS)
    .execute();
}
