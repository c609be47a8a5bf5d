// The table of the gateway's calls: every call of docs/api.md#calls-and-answers, each declared once in the
// module of its group. The app imports a group's module (so a screen loads only the schemas it uses), the
// gateway registers each call from it, and tests/unit/server/contract.test.ts holds the two to this table.
import type { Call } from './call';
import { FETCH_USER, LOGIN, SIGNOUT } from './auth';
import {
  CHECK_EMAIL,
  CHECK_USERNAME,
  COMPLETE_SIGNUP,
  SEND_SMS_CODE,
  TEMPORAL_SIGNUP,
  VERIFY_SMS_CODE,
} from './signup';

export const CALLS: readonly Call[] = [
  // auth.ts
  LOGIN,
  SIGNOUT,
  FETCH_USER,
  // signup.ts
  CHECK_USERNAME,
  CHECK_EMAIL,
  TEMPORAL_SIGNUP,
  SEND_SMS_CODE,
  VERIFY_SMS_CODE,
  COMPLETE_SIGNUP,
];
