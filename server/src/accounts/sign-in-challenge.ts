// Sign-in's second step (docs/product.md#two-step-sign-in): after a right password, a challenge
// that the account's code (or a recovery code) completes; a required two-step is set up there.
import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import type { MemberRow } from '../db/schema-team';
import type { TeamMember } from '../core/scope';
import { refuse, tooManyAttempts } from '../core/errors';
import { sha256 } from '../auth/tokens';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { CODE_TTL_MS } from './codes';
import { findAccount } from './account-store';
import { giveBackAttempt, takeAttempt } from './attempts';
import { startEnrolment, turnOnTwoStep, twoStepRequired } from './two-step';
import { codeAttemptsOf, ownerCodes, TOTP_CODE, useRecoveryCode, useTotpCode } from './two-step-codes';
import {
  activeMemberRow,
  memberCodes,
  memberTwoStepState,
  signedInMember,
  startMemberEnrolment,
  turnOnMemberTwoStep,
} from './member-two-step';
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
 * A team member's sign-in asks for the member's own code, and sets theirs up when the account requires
 * it of every member.
 */
export async function challengeFor(
  ctx: GatewayContext,
  user: UserRow,
  issuer: string,
  member: TeamMember | null = null,
): Promise<TwoStepChallenge | null> {
  const state = member ? await memberTwoStepState(ctx, user, member.id) : null;
  const enrol = state ? !state.on : user.totp_enabled !== 1;
  const required = state ? state.required : await twoStepRequired(ctx, user);
  if (enrol && !required) return null;
  const challenge = randomBytes(24).toString('base64url');
  const now = ctx.now();
  await ctx.db
    .insertInto('login_challenges')
    .values({
      challenge_hash: sha256(challenge),
      profile_id: user.profile_id,
      member_id: member?.id ?? null,
      expires_at: now + CODE_TTL_MS,
      attempts_left: VALIDATION_ATTEMPTS,
      created_at: now,
    })
    .execute();
  if (!enrol) return { challenge, twoStep: 'code' };
  const secret = member
    ? await startMemberEnrolment(ctx, user, member.id, issuer)
    : await startEnrolment(ctx, user, issuer);
  return { challenge, twoStep: 'enrol', ...secret };
}

export type ChallengeOutcome = {
  user: UserRow;
  /** The team member signing in; null for the account's owner. */
  member: TeamMember | null;
  recoveryCodes?: string[];
  usedRecovery: boolean;
};
type StepOutcome = 'wrong' | 'used' | { recoveryCodes?: string[]; usedRecovery: boolean };

/** The owner's second step, in `trx`: their code, a recovery code, or the first code of a required setup. */
async function ownerStep(trx: Executor, ctx: GatewayContext, user: UserRow, typed: string, source: AuditSource) {
  if (user.totp_enabled !== 1) {
    // Setting up a required two-step: the first code confirms the waiting secret.
    if (!user.totp_pending) return 'wrong' as const;
    const result = TOTP_CODE.test(typed)
      ? await useTotpCode(trx, ctx, ownerCodes(user), user.totp_pending, typed)
      : 'wrong';
    if (result !== 'ok') return result;
    return { recoveryCodes: await turnOnTwoStep(trx, ctx, user, source), usedRecovery: false };
  }
  if (TOTP_CODE.test(typed)) {
    const result = await useTotpCode(trx, ctx, ownerCodes(user), user.totp_secret, typed);
    return result === 'ok' ? { usedRecovery: false } : result;
  }
  if (!(await useRecoveryCode(trx, ctx, user.profile_id, typed))) return 'wrong' as const;
  await recordAudit(trx, { at: ctx.now(), actor: user, action: 'recovery_code_used', source });
  return { usedRecovery: true };
}

/** A member's second step, in `trx`: as the owner's, with the member's own secret and recovery codes. */
async function memberStep(
  trx: Executor,
  ctx: GatewayContext,
  user: UserRow,
  row: MemberRow,
  typed: string,
  source: AuditSource,
): Promise<StepOutcome> {
  if (row.totp_enabled !== 1) {
    if (!row.totp_pending) return 'wrong';
    const result = TOTP_CODE.test(typed)
      ? await useTotpCode(trx, ctx, memberCodes(row), row.totp_pending, typed)
      : 'wrong';
    if (result !== 'ok') return result;
    return { recoveryCodes: await turnOnMemberTwoStep(trx, ctx, user, row, source), usedRecovery: false };
  }
  if (TOTP_CODE.test(typed)) {
    const result = await useTotpCode(trx, ctx, memberCodes(row), row.totp_secret, typed);
    return result === 'ok' ? { usedRecovery: false } : result;
  }
  if (!(await useRecoveryCode(trx, ctx, user.profile_id, typed, row.id))) return 'wrong';
  await recordAudit(trx, { at: ctx.now(), actor: user, action: 'recovery_code_used', source, member: row.id });
  return { usedRecovery: true };
}

/** The challenge's row, with one of its attempts and one of its signer's spent. */
async function spendChallenge(ctx: GatewayContext, challenge: string) {
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
  await takeAttempt(ctx, 'twoStepCode', codeAttemptsOf(row.profile_id, row.member_id));
  return row;
}

/**
 * The second step: the challenge's account (and member), once its code (or a recovery code) is right.
 * Every try spends one of the challenge's attempts and one of the signer's (so new challenges do not
 * reset the count); a wrong try is recorded as a failed sign-in. A member removed meanwhile is refused.
 */
export async function completeChallenge(
  ctx: GatewayContext,
  challenge: string,
  code: string,
  source: AuditSource,
): Promise<ChallengeOutcome> {
  const row = await spendChallenge(ctx, challenge);
  const user = await findAccount(ctx, row.profile_id);
  if (!user) throw refuse(TWO_STEP_EXPIRED);
  const typed = code.trim();
  const memberId = row.member_id;
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (memberId === null) return ownerStep(trx, ctx, user, typed, source);
    const memberRow = await activeMemberRow(trx, user.profile_id, memberId).catch(() => null);
    if (!memberRow) throw refuse(TWO_STEP_EXPIRED);
    return memberStep(trx, ctx, user, memberRow, typed, source);
  });
  if (outcome === 'wrong' || outcome === 'used') {
    await recordAudit(ctx.db, {
      at: ctx.now(),
      actor: user,
      action: 'signin_failed',
      source,
      member: memberId,
      details: { step: 'two-step code', ...(memberId === null ? {} : { member: memberId }) },
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
  await giveBackAttempt(ctx, 'twoStepCode', codeAttemptsOf(row.profile_id, memberId));
  const fresh = (await findAccount(ctx, row.profile_id)) ?? user;
  const member = memberId === null ? null : await signedInMember(ctx, user.profile_id, memberId);
  return { user: fresh, member, ...outcome };
}

/** Challenges past their time are removed by the hourly sweep. */
export async function pruneChallenges(ctx: GatewayContext): Promise<void> {
  await ctx.db
    .deleteFrom('login_challenges')
    .where('expires_at', '<', ctx.now() - CODE_TTL_MS)
    .execute();
}
