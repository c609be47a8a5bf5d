import type { FastifyInstance } from 'fastify';
import { auditSource } from '../http/authenticate';
import type { GatewayContext } from '../core/context';
import { notFound, refuse, Refusal } from '../core/errors';
import { register } from '../http/register';
import { SEND_ATTEMPTS } from '../../../src/domain/constants';
import { checkCode, issueCode } from '../accounts/codes';
import { createAccount } from '../accounts/create-account';
import { signedIn } from '../accounts/sessions';
import { signupError } from '../accounts/signup-fields';
import { sendSignupCode } from '../accounts/system-texts';
import {
  findTemporal,
  needsCode,
  createTemporal,
  markVerified,
  purgeExpiredSignups,
  SIGNUP_DONE,
  SIGNUP_NOT_FOUND,
  signupdUser,
} from '../accounts/temporal';
import { EMAIL_TAKEN, USERNAME_TAKEN, emailTaken, usernameShapeError, usernameTaken } from '../accounts/uniqueness';
import {
  CHECK_EMAIL,
  CHECK_USERNAME,
  COMPLETE_SIGNUP,
  SEND_SMS_CODE,
  TEMPORAL_SIGNUP,
  VERIFY_SMS_CODE,
} from '../../../src/domain/contract/signup';

export const NO_CODE_NEEDED = 'Sign-ups outside Ghana need no code: complete the sign-up';
export const SENDS_USED_UP = `The code has been sent ${SEND_ATTEMPTS} times already, please sign up again`;
export const NOT_VERIFIED = 'Please confirm your mobile number with the code sent to it first';
export const CODE_EXPIRED = 'The code has expired, please resend code';
export const CODE_ATTEMPTS_USED = 'No attempts left for this code, please resend code';
export const CODE_MISSING = 'No code is waiting for this sign-up, please resend code';

const failed = (message: string) => ({ error: { status: 'failed' as const, message } });

export async function registerSignupRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, CHECK_USERNAME, async ({ body }) => {
    const shape = usernameShapeError(body.username);
    if (shape) return failed(shape);
    return (await usernameTaken(ctx, body.username)) ? failed(USERNAME_TAKEN) : {};
  });

  register(app, ctx, CHECK_EMAIL, async ({ body }) => {
    return (await emailTaken(ctx, body.email)) ? failed(EMAIL_TAKEN) : {};
  });

  register(app, ctx, TEMPORAL_SIGNUP, async ({ body, domain }) => {
    const problem = await signupError(ctx, body, domain);
    if (problem) return failed(problem);
    await purgeExpiredSignups(ctx);
    const row = await createTemporal(ctx, body, domain);
    return { error: { status: 'successful' }, id: row.public_id, signupdUser: signupdUser(row) };
  });

  register(app, ctx, SEND_SMS_CODE, async ({ body }) => {
    const temporal = await findTemporal(ctx, body.subscriber ?? '');
    if (!temporal) throw notFound(SIGNUP_NOT_FOUND);
    if (temporal.profile_id !== null) throw refuse(SIGNUP_DONE);
    if (!needsCode(temporal.phone)) throw refuse(NO_CODE_NEEDED);
    const issued = await issueCode(ctx, 'signup', temporal.id, SEND_ATTEMPTS);
    if (!issued) throw refuse(SENDS_USED_UP);
    // Always to the number given at sign-up: the body's phone cannot point codes at someone else.
    await sendSignupCode(ctx, temporal.supid, temporal.phone, issued.code);
    return { status: 'successful', codeId: issued.codeId };
  });

  register(app, ctx, VERIFY_SMS_CODE, async ({ body, req, domain }) => {
    const temporal = await findTemporal(ctx, body.temporalid ?? '');
    if (!temporal) return { isVerified: false, ...failed(SIGNUP_NOT_FOUND) };
    if (temporal.profile_id !== null) return { isVerified: false, ...failed(SIGNUP_DONE) };
    const check = await checkCode(ctx, 'signup', { subjectId: temporal.id }, body.code);
    if (!check.ok) {
      if (check.reason === 'wrong') return { isVerified: false };
      const message = { expired: CODE_EXPIRED, exhausted: CODE_ATTEMPTS_USED, unknown: CODE_MISSING }[check.reason];
      return { isVerified: false, ...failed(message) };
    }
    await markVerified(ctx, temporal.id);
    try {
      return {
        isVerified: true,
        ...(await signedIn(ctx, await createAccount(ctx, temporal), auditSource(req), domain.profile_id)),
      };
    } catch (error) {
      // E.g. the username was taken by someone else meanwhile: the outcome field still says what happened.
      if (error instanceof Refusal && error.kind !== 'busy') return { isVerified: false, ...failed(error.message) };
      throw error;
    }
  });

  register(app, ctx, COMPLETE_SIGNUP, async ({ body, req, domain }) => {
    const temporal = await findTemporal(ctx, body.id ?? '');
    if (!temporal) throw notFound(SIGNUP_NOT_FOUND);
    if (temporal.profile_id !== null) throw refuse(SIGNUP_DONE);
    if (temporal.verified !== 1) throw refuse(NOT_VERIFIED);
    return signedIn(ctx, await createAccount(ctx, temporal), auditSource(req), domain.profile_id);
  });
}
