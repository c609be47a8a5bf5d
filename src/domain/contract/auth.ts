// Signing in and out (docs/api.md#calls-and-answers, docs/product.md#sign-in-and-sessions).
import { z } from './zod';
import { frontendCall } from './call';
import { anyField, ownBody, text } from './fields';
import { UserInfoAnswerSchema } from './user-info';
import { TwoStepChallengeSchema } from './security';

export const LOGIN = frontendCall(
  'login',
  { who: 'public', touches: 'nothing' },
  z.object({
    emailusername: text,
    password: text,
    // Informational: the request's host decides the tenant (docs/product.md#sign-in-and-sessions), never these.
    domain_supid: anyField,
    domain: anyField,
    humanKey: anyField,
  }),
  // Without two-step sign-in the answer is `{ userInfo }` as ever; with it, a challenge for logincode.
  z.union([UserInfoAnswerSchema, TwoStepChallengeSchema]),
);

/** The token is revoked; the app signs out whatever the answer. */
export const SIGNOUT = frontendCall(
  'signout',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  ownBody,
  z.unknown(),
);

export const FETCH_USER = frontendCall(
  'fetchuser',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  ownBody,
  UserInfoAnswerSchema,
);
