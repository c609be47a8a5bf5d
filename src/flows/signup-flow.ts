import {
  checkEmailExists,
  checkUsernameExists,
  completeSignup,
  sendSmsCode,
  temporalSignup,
  verifySmsCode,
  type TemporalSignupRequest,
} from '../api/signup-api';
import { changePassword, requestPasswordReset } from '../api/password-reset-api';
import { SIGNUP_COUNTRY } from '../domain/constants';
import { acceptSignedInUser } from '../sync/session';

export { checkEmailExists, checkUsernameExists };

export interface PendingSignup {
  temporalId: string;
  codeId: string;
  phone: string;
  supid: number;
}

/** Temporary sign-up, then (for Ghana) a code by SMS (docs/product.md#sign-up); other countries are signed in at once. */
export async function startSignup(form: TemporalSignupRequest): Promise<PendingSignup | 'signed-in'> {
  const { id } = await temporalSignup(form);
  if (form.country !== SIGNUP_COUNTRY) {
    await acceptSignedInUser(await completeSignup(id));
    return 'signed-in';
  }
  const { codeId } = await sendSmsCode({ phone: form.phone, subscriber: id, supid: form.supid });
  return { temporalId: id, codeId, phone: form.phone, supid: form.supid };
}

export async function resendSignupCode(pending: PendingSignup): Promise<PendingSignup> {
  const { codeId } = await sendSmsCode({ phone: pending.phone, subscriber: pending.temporalId, supid: pending.supid });
  return { ...pending, codeId };
}

/** true once the code is accepted and the account signed in; false for a wrong code. */
export async function confirmSignupCode(pending: PendingSignup, code: string): Promise<boolean> {
  const result = await verifySmsCode({
    codeId: pending.codeId,
    code: code.trim(),
    temporalid: pending.temporalId,
    country: SIGNUP_COUNTRY,
  });
  if (!result.verified || !result.userInfo) return false;
  await acceptSignedInUser(result.userInfo);
  return true;
}

export const requestResetCode = (email: string, supid: number) => requestPasswordReset(email.trim(), supid);

export const confirmReset = (email: string, resetCode: string, newPassword: string, confirmNewPassword: string) =>
  changePassword({ email: email.trim(), resetCode: resetCode.trim(), newPassword, confirmNewPassword });
