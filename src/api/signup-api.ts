import { z } from './zod';
import { ApiFailure } from './api-failure';
import { FRONTEND_PATH, SIGNUP_PATH } from '../domain/api-paths';
import { request } from './http';
import { UserInfoSchema } from './user-schema';
import { TRY_AGAIN } from '../domain/alerts';

const ErrorField = z.object({ status: z.string().optional(), message: z.string().optional() }).optional();
const Outcome = z.object({ error: ErrorField }).passthrough();

/** null when the value is free, else the gateway's message ('failed' answers may come as 200 or 4xx). */
async function existenceCheck(call: string, body: Record<string, string>): Promise<string | null> {
  try {
    const answer = await request({ path: `${FRONTEND_PATH}${call}`, body, schema: Outcome });
    return answer.error?.status === 'failed' ? (answer.error.message ?? 'Already taken') : null;
  } catch (error) {
    if (error instanceof ApiFailure && error.kind === 'refused') return error.message;
    throw error;
  }
}

export const checkUsernameExists = (username: string) => existenceCheck('checkusernameexist', { username });
export const checkEmailExists = (email: string) => existenceCheck('checkemailexist', { email });

export interface TemporalSignupRequest {
  username: string;
  cname: string;
  email: string;
  phone: string;
  country: string;
  password: string;
  cpassword: string;
  referralcode: string;
  supid: number;
  domain: string;
}

/** Ids the gateway hands out may be opaque strings (an unguessable temporal id) or numbers: kept as text. */
const Id = z.union([z.string().min(1), z.number()]).transform(String);

export async function temporalSignup(body: TemporalSignupRequest): Promise<{ id: string }> {
  const answer = await request({
    path: SIGNUP_PATH,
    body: { humanKey: '', ...body },
    schema: z.object({ error: ErrorField, id: Id.optional() }).passthrough(),
  });
  if (answer.error?.status && answer.error.status !== 'successful') {
    throw new ApiFailure('refused', answer.error.message ?? 'Sign-up failed', 200, answer.error.status);
  }
  if (answer.id === undefined) throw new ApiFailure('invalid-answer', TRY_AGAIN);
  return { id: answer.id };
}

export async function sendSmsCode(body: {
  phone: string;
  subscriber: string;
  supid: number;
}): Promise<{ codeId: string }> {
  const answer = await request({
    path: `${FRONTEND_PATH}sendsmscode`,
    body,
    schema: z.object({ status: z.string().optional(), codeId: Id.optional(), error: ErrorField }).passthrough(),
  });
  if (answer.codeId === undefined) {
    throw new ApiFailure('refused', answer.error?.message ?? TRY_AGAIN, 200, answer.error?.status ?? 'failed');
  }
  return { codeId: answer.codeId };
}

const VerifyAnswer = z
  .object({ isVerified: z.boolean().optional(), userInfo: UserInfoSchema.optional(), error: ErrorField })
  .passthrough();

export async function verifySmsCode(body: { codeId: string; code: string; temporalid: string; country: string }) {
  const answer = await request({ path: `${FRONTEND_PATH}verifysmscode`, body, schema: VerifyAnswer });
  return {
    verified: answer.isVerified === true && !!answer.userInfo,
    userInfo: answer.userInfo ?? null,
    message: answer.error?.message ?? null,
  };
}

/** Non-Ghana sign-ups skip the code (docs/product.md#sign-up): the temporal id becomes the account. */
export async function completeSignup(id: string) {
  const answer = await request({
    path: `${FRONTEND_PATH}signup`,
    body: { id },
    schema: z.object({ userInfo: UserInfoSchema }),
  });
  return answer.userInfo;
}
