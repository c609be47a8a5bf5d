// Signing up: the name and e-mail checks, the temporary sign-up, its code by SMS, and its completion
// (docs/api.md#calls-and-answers, docs/product.md#sign-up).
import { z } from './zod';
import { apiCall, frontendCall, type CallRequest } from './call';
import { SIGNUP_PATH } from '../navigation/api-paths';
import { anyField, codeText, errorField, rowId, sentId, text, unread } from './fields';
import { UserInfoAnswerSchema, UserInfoSchema } from './user-info';

/** `{}` when the value is free, else `{ error }` ('failed' answers may come as 200 or 4xx). */
const existenceAnswer = z.looseObject({ error: errorField });

export const CHECK_USERNAME = frontendCall(
  'checkusernameexist',
  { who: 'public', touches: 'nothing', attempts: 'lookup' },
  z.object({ username: text }),
  existenceAnswer,
);

export const CHECK_EMAIL = frontendCall(
  'checkemailexist',
  { who: 'public', touches: 'nothing', attempts: 'lookup' },
  z.object({ email: text }),
  existenceAnswer,
);

export const TEMPORAL_SIGNUP = apiCall(
  SIGNUP_PATH,
  { who: 'public', touches: 'nothing', attempts: 'signup' },
  z.object({
    username: text,
    cname: text,
    email: text,
    phone: text,
    country: text,
    password: text,
    cpassword: text,
    referralcode: text,
    humanKey: anyField,
    // The request's host names the supervisor; the body's supid and domain are informational.
    supid: unread<number>(),
    domain: unread<string>(),
  }),
  z.looseObject({ error: errorField, id: rowId.optional() }),
);
/** A sign-up as the form holds it and the gateway reads it. */
export type SignupRequest = CallRequest<typeof TEMPORAL_SIGNUP>;

export const SEND_SMS_CODE = frontendCall(
  'sendsmscode',
  { who: 'public', touches: 'nothing', attempts: 'codeSend' },
  // Always to the number given at sign-up: the body's phone cannot point codes at someone else.
  z.object({ phone: unread<string>(), subscriber: sentId, supid: unread<number>() }),
  z.looseObject({ status: z.string().optional(), codeId: rowId.optional(), error: errorField }),
);

export const VERIFY_SMS_CODE = frontendCall(
  'verifysmscode',
  { who: 'public', touches: 'nothing', attempts: 'codeCheck' },
  z.object({ codeId: unread<string>(), code: codeText, temporalid: sentId, country: unread<string>() }),
  z.looseObject({ isVerified: z.boolean().optional(), userInfo: UserInfoSchema.optional(), error: errorField }),
);

/** Sign-ups that need no code (docs/product.md#sign-up): the temporal id becomes the account. */
export const COMPLETE_SIGNUP = frontendCall(
  'signup',
  { who: 'public', touches: 'nothing' },
  z.object({ id: sentId }),
  UserInfoAnswerSchema,
);
