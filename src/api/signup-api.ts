import { ApiFailure } from './api-failure';
import { callGateway } from './http';
import type { CallBody } from '../domain/contract/call';
import {
  CHECK_EMAIL,
  CHECK_USERNAME,
  COMPLETE_SIGNUP,
  SEND_SMS_CODE,
  TEMPORAL_SIGNUP,
  VERIFY_SMS_CODE,
  type SignupRequest,
} from '../domain/contract/signup';
import { TRY_AGAIN } from '../domain/alerts';

/** null when the value is free, else the gateway's message ('failed' answers may come as 200 or 4xx). */
async function existenceCheck<C extends typeof CHECK_USERNAME | typeof CHECK_EMAIL>(
  call: C,
  body: CallBody<C>,
): Promise<string | null> {
  try {
    const answer = await callGateway(call, { body });
    return answer.error?.status === 'failed' ? (answer.error.message ?? 'Already taken') : null;
  } catch (error) {
    if (error instanceof ApiFailure && error.kind === 'refused') return error.message;
    throw error;
  }
}

export const checkUsernameExists = (username: string) => existenceCheck(CHECK_USERNAME, { username });
export const checkEmailExists = (email: string) => existenceCheck(CHECK_EMAIL, { email });

export type TemporalSignupRequest = SignupRequest;

export async function temporalSignup(body: TemporalSignupRequest): Promise<{ id: string }> {
  const answer = await callGateway(TEMPORAL_SIGNUP, { body: { humanKey: '', ...body } });
  if (answer.error?.status && answer.error.status !== 'successful') {
    throw new ApiFailure('refused', answer.error.message ?? 'Sign-up failed', 200, answer.error.status);
  }
  if (answer.id === undefined) throw new ApiFailure('invalid-answer', TRY_AGAIN);
  return { id: answer.id };
}

export async function sendSmsCode(body: CallBody<typeof SEND_SMS_CODE>): Promise<{ codeId: string }> {
  const answer = await callGateway(SEND_SMS_CODE, { body });
  if (answer.codeId === undefined) {
    throw new ApiFailure('refused', answer.error?.message ?? TRY_AGAIN, 200, answer.error?.status ?? 'failed');
  }
  return { codeId: answer.codeId };
}

export async function verifySmsCode(body: CallBody<typeof VERIFY_SMS_CODE>) {
  const answer = await callGateway(VERIFY_SMS_CODE, { body });
  return {
    verified: answer.isVerified === true && !!answer.userInfo,
    userInfo: answer.userInfo ?? null,
    message: answer.error?.message ?? null,
  };
}

/** Non-Ghana sign-ups skip the code (docs/product.md#sign-up): the temporal id becomes the account. */
export async function completeSignup(id: string) {
  const answer = await callGateway(COMPLETE_SIGNUP, { body: { id } });
  return answer.userInfo;
}
