// The codes of two-step sign-in (docs/product.md#two-step-sign-in): an authenticator app's 6-digit
// codes, each time step used once, and the recovery codes, stored hashed and each used once.
import { randomInt } from 'node:crypto';
import { verify } from 'otplib';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { sha256 } from '../auth/tokens';
import { RECOVERY_CODE_COUNT } from '../../../src/domain/account/two-step';

/** One step of clock drift either way (30 s a step), as authenticator apps expect. */
const DRIFT_SECONDS = 30;

/** The key two-step code attempts are counted under: the account owner's, or a team member's own. */
export const codeAttemptsOf = (profileId: number, memberId: number | null = null) =>
  memberId === null ? `acct:${profileId}` : `member:${memberId}`;
/** A code from an authenticator app: six digits. */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown: 10 characters in two groups of 5, letters and digits that are never confused. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
/** A member's codes hash apart from the owner's: one never works for the other's sign-in. */
const recoveryHash = (profileId: number, memberId: number | null, code: string) =>
  sha256(`recovery:${profileId}${memberId === null ? '' : `:member:${memberId}`}:${normalRecovery(code)}`);

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Whose two-step codes: the account's owner (member null) or one of its team members, and the last step used. */
export interface CodeHolder {
  profileId: number;
  memberId: number | null;
  lastStep: number;
}

export const ownerCodes = (user: UserRow): CodeHolder => ({
  profileId: user.profile_id,
  memberId: null,
  lastStep: user.totp_last_step,
});

/**
 * Checks a 6-digit code against the secret at the clock's time, one step of drift allowed; a code
 * (its time step) is used once: the step is taken with compare-and-set, so a replay races and loses.
 */
export async function useTotpCode(db: Executor, ctx: GatewayContext, holder: CodeHolder, secret: string, code: string) {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(ctx.now() / 1000),
    epochTolerance: DRIFT_SECONDS,
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return 'wrong' as const;
  const step = result.timeStep;
  if (step <= Number(holder.lastStep)) return 'used' as const;
  const taken =
    holder.memberId === null
      ? await db
          .updateTable('users')
          .set({ totp_last_step: step })
          .where('profile_id', '=', holder.profileId)
          .where('totp_last_step', '<', step)
          .executeTakeFirst()
      : await db
          .updateTable('members')
          .set({ totp_last_step: step })
          .where('id', '=', holder.memberId)
          .where('profile_id', '=', holder.profileId)
          .where('totp_last_step', '<', step)
          .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? ('ok' as const) : ('used' as const);
}

/** Uses one unused recovery code of the account's owner (member null) or of a team member, or answers false. */
export async function useRecoveryCode(
  db: Executor,
  ctx: GatewayContext,
  profileId: number,
  code: string,
  memberId: number | null = null,
): Promise<boolean> {
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: ctx.now() })
    .where('profile_id', '=', profileId)
    .where('member_id', memberId === null ? 'is' : '=', memberId)
    .where('code_hash', '=', recoveryHash(profileId, memberId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Removes the recovery codes of the account's owner (member null) or of one team member. */
export async function dropRecoveryCodes(db: Executor, profileId: number, memberId: number | null = null) {
  await db
    .deleteFrom('recovery_codes')
    .where('profile_id', '=', profileId)
    .where('member_id', memberId === null ? 'is' : '=', memberId)
    .execute();
}

/** Ten new recovery codes replace the old ones of the owner (member null) or a member; only their hashes are kept. */
export async function replaceRecoveryCodes(
  db: Executor,
  profileId: number,
  memberId: number | null = null,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await dropRecoveryCodes(db, profileId, memberId);
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        profile_id: profileId,
        member_id: memberId,
        code_hash: recoveryHash(profileId, memberId, code),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}
