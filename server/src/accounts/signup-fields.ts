import type { GatewayContext } from '../core/context';
import type { DomainRow } from '../db/schema-core';
import { signupFieldError } from '../../../src/domain/account/signup';
import { findReferrer, INVALID_REFERRAL } from './temporal';
import { uniquenessError, usernameShapeError } from './uniqueness';
import type { SignupRequest } from '../../../src/domain/contract/signup';

// Bounds the form does not state, so a request cannot store megabytes in an account.
const MAX = { username: 50, cname: 100, email: 254, password: 128 } as const;

/** The first reason a sign-up is refused, in the form's words (docs/product.md#sign-up), or null. */
export async function signupError(ctx: GatewayContext, body: SignupRequest, domain: DomainRow): Promise<string | null> {
  const username = body.username.trim();
  const email = body.email.trim();
  const fieldError =
    signupFieldError('username', username) ??
    usernameShapeError(username) ??
    (username.length > MAX.username ? `Username must be ${MAX.username} characters or fewer` : null) ??
    signupFieldError('email', email) ??
    (email.length > MAX.email ? 'Invalid Email' : null) ??
    signupFieldError('mobile', body.phone) ??
    signupFieldError('password', body.password) ??
    (body.password.length > MAX.password ? `Password must be ${MAX.password} characters or fewer` : null) ??
    signupFieldError('confirm', body.cpassword, body.password) ??
    (body.cname.trim().length > MAX.cname ? `Company name must be ${MAX.cname} characters or fewer` : null);
  if (fieldError) return fieldError;
  const taken = await uniquenessError(ctx, username, email);
  if (taken) return taken;
  // A referral code counts only where referral is on, and only a referrer of this platform's tenant.
  if (
    domain.enablereferral === 1 &&
    body.referralcode.trim() &&
    !(await findReferrer(ctx, body.referralcode, domain))
  ) {
    return INVALID_REFERRAL;
  }
  return null;
}
