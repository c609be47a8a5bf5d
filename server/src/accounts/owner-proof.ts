import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { refuse } from '../core/errors';
import { verifyPassword } from '../auth/passwords';
import {
  CURRENT_PASSWORD_EMPTY,
  CURRENT_PASSWORD_WRONG,
  TWO_STEP_CODE_EMPTY,
} from '../../../src/domain/account/own-account';
import { giveBackAttempt, takeAttempt } from './attempts';
import { withCurrentCode } from './two-step';

/**
 * What a session must show beside itself to move the account's recovery channel (its number, where
 * reset codes go, and its e-mail): a token alone, stolen or left signed in, never does
 * (docs/api.md#editing-ones-own-account).
 */
export interface OwnerProof {
  currentPassword: string;
  /** The authenticator's code, asked when two-step sign-in is on. */
  twoStepCode: string;
}

/**
 * The account's current password, or 400 in the profile's words. Wrong ones count per account with
 * those of a password change (10 in 15 minutes, then 429); a right one is given back.
 */
export async function checkCurrentPassword(ctx: GatewayContext, user: UserRow, password: string): Promise<void> {
  if (!password) throw refuse(CURRENT_PASSWORD_EMPTY);
  const key = `acct:${user.profile_id}`;
  await takeAttempt(ctx, 'ownPassword', key);
  if (!(await verifyPassword(password, user.password_hash))) throw refuse(CURRENT_PASSWORD_WRONG);
  await giveBackAttempt(ctx, 'ownPassword', key);
}

/** The current password, then (two-step on) a current code, used once: checked before anything is spent or written. */
export async function proveOwner(ctx: GatewayContext, user: UserRow, proof: OwnerProof): Promise<void> {
  await checkCurrentPassword(ctx, user, proof.currentPassword);
  if (user.totp_enabled !== 1) return;
  if (!proof.twoStepCode.trim()) throw refuse(TWO_STEP_CODE_EMPTY);
  await withCurrentCode(ctx, user, proof.twoStepCode, async () => undefined);
}
