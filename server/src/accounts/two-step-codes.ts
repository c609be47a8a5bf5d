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

/** The key two-step code attempts are counted under: the account's. */
export const codeAttemptsOf = (profileId: number) => `acct:${profileId}`;
/** A code from an authenticator app: six digits. */
export const TOTP_CODE = /^\d{6}$/;
/** A recovery code as shown: 10 characters in two groups of 5, letters and digits that are never confused. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (profileId: number, code: string) => sha256(`recovery:${profileId}:${normalRecovery(code)}`);

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Checks a 6-digit code against the secret at the clock's time, one step of drift allowed; a code
 * (its time step) is used once: the step is taken with compare-and-set, so a replay races and loses.
 */
export async function useTotpCode(db: Executor, ctx: GatewayContext, user: UserRow, secret: string, code: string) {
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
export async function useRecoveryCode(
  db: Executor,
  ctx: GatewayContext,
  profileId: number,
  code: string,
): Promise<boolean> {
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
export async function replaceRecoveryCodes(db: Executor, profileId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('recovery_codes').where('profile_id', '=', profileId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ profile_id: profileId, code_hash: recoveryHash(profileId, code), used_at: null })))
    .execute();
  return codes;
}
