// Sign-in's second step (docs/product.md#two-step-sign-in): after a right password, a challenge
// that the account's code (or a recovery code) completes; a required two-step is set up there.
import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { refuse, tooManyAttempts } from '../core/errors';
import { sha256 } from '../auth/tokens';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { CODE_TTL_MS } from './codes';
import { findAccount } from './account-store';
import { giveBackAttempt, takeAttempt } from './attempts';
import { startEnrolment, turnOnTwoStep, twoStepRequired } from './two-step';
import { codeAttemptsOf, TOTP_CODE, useRecoveryCode, useTotpCode } from './two-step-codes';
import { VALIDATION_ATTEMPTS } from '../../../src/domain/constants';
import {
  TWO_STEP_CODE_USED,
  TWO_STEP_EXPIRED,
  TWO_STEP_TOO_MANY,
  TWO_STEP_WRONG_CODE,
} from '../../../src/domain/account/two-step';

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
  await takeAttempt(ctx, 'twoStepCode', codeAttemptsOf(row.profile_id));
  const user = await findAccount(ctx, row.profile_id);
  if (!user) throw refuse(TWO_STEP_EXPIRED);
  const typed = code.trim();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (user.totp_enabled !== 1) {
      // Setting up a required two-step: the first code confirms the waiting secret.
      if (!user.totp_pending) return 'wrong' as const;
      const result = TOTP_CODE.test(typed) ? await useTotpCode(trx, ctx, user, user.totp_pending, typed) : 'wrong';
      if (result !== 'ok') return result;
      return { recoveryCodes: await turnOnTwoStep(trx, ctx, user, source), usedRecovery: false };
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
  await giveBackAttempt(ctx, 'twoStepCode', codeAttemptsOf(row.profile_id));
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
