// The table of the gateway's calls: every call of docs/api.md#calls-and-answers, each declared once in the
// module of its group. The app imports a group's module (so a screen loads only the schemas it uses), the
// gateway registers each call from it, and tests/gateway/contract.test.ts holds the two to this table.
import type { Call } from './call';
import {
  APPROVE_SENDER_IDS,
  CHANGE_ACCOUNT_TYPE,
  CHANGE_API_KEY,
  CHANGE_OWN_PASSWORD,
  CHANGE_PHONE,
  CLIENTS,
  REJECT_SENDER_IDS,
  REQUEST_SENDER_IDS,
  SEND_PHONE_CODE,
  UPDATE_DETAILS,
} from './account';
import { CHANGE_PASSWORD, REQUEST_PASSWORD_RESET } from './password-reset';
import { CARRIER_HEALTH } from './carrier';
import { SAVE_DOMAIN_SETTINGS, VERIFY_DOMAIN } from './domain-settings';
import { SEND } from './send';
import {
  DELETE_RECURRING,
  DELETE_SCHEDULED,
  MESSAGE_STATUS,
  QUICK_CLIENTS,
  QUICK_OWN,
  RECURRING_CLIENTS,
  RECURRING_OWN,
  SCHEDULED_CLIENTS,
  SCHEDULED_OWN,
  UPDATE_RECURRING,
  UPDATE_SCHEDULED,
} from './messages';
import { MESSAGE_REPORT, OVERVIEW } from './reports';
import {
  CHECK_SUPPLIER_CREDIT,
  CLIENT_PURCHASE_HISTORY,
  GIFT_BY_AMOUNT,
  GIFT_BY_RATE,
  PAYSTACK_LINK,
  PLATFORM_NUMBERS,
  PURCHASE_HISTORY,
} from './payments';
import {
  CLIENT_GROUPS,
  CREATE_CONTACT,
  CREATE_GROUP,
  DELETE_CONTACTS,
  DELETE_GROUPS,
  GROUP_CONTACTS,
  IMPORT_CONTACTS,
  OWN_GROUPS,
  UPDATE_CONTACT,
} from './phonebook';
import { FETCH_USER, LOGIN, SIGNOUT } from './auth';
import { ADD_OPT_OUTS, CLIENT_OPT_OUTS, OPT_OUT_NUMBERS, OPT_OUTS, REMOVE_OPT_OUT } from './optouts';
import { CLIENT_API_USAGE } from './developers';
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
  // password-reset.ts
  REQUEST_PASSWORD_RESET,
  CHANGE_PASSWORD,
  // account.ts
  CHANGE_API_KEY,
  CHANGE_ACCOUNT_TYPE,
  CLIENTS,
  REQUEST_SENDER_IDS,
  APPROVE_SENDER_IDS,
  REJECT_SENDER_IDS,
  UPDATE_DETAILS,
  SEND_PHONE_CODE,
  CHANGE_PHONE,
  CHANGE_OWN_PASSWORD,
  // messages.ts
  QUICK_OWN,
  QUICK_CLIENTS,
  SCHEDULED_OWN,
  SCHEDULED_CLIENTS,
  RECURRING_OWN,
  RECURRING_CLIENTS,
  UPDATE_SCHEDULED,
  UPDATE_RECURRING,
  DELETE_SCHEDULED,
  DELETE_RECURRING,
  MESSAGE_STATUS,
  // reports.ts
  MESSAGE_REPORT,
  OVERVIEW,
  // payments.ts
  PURCHASE_HISTORY,
  CLIENT_PURCHASE_HISTORY,
  CHECK_SUPPLIER_CREDIT,
  PAYSTACK_LINK,
  GIFT_BY_AMOUNT,
  GIFT_BY_RATE,
  PLATFORM_NUMBERS,
  // phonebook.ts
  OWN_GROUPS,
  CLIENT_GROUPS,
  CREATE_GROUP,
  DELETE_GROUPS,
  GROUP_CONTACTS,
  CREATE_CONTACT,
  IMPORT_CONTACTS,
  UPDATE_CONTACT,
  DELETE_CONTACTS,
  // optouts.ts
  OPT_OUTS,
  OPT_OUT_NUMBERS,
  ADD_OPT_OUTS,
  REMOVE_OPT_OUT,
  CLIENT_OPT_OUTS,
  // developers.ts
  CLIENT_API_USAGE,
  // domain-settings.ts
  SAVE_DOMAIN_SETTINGS,
  VERIFY_DOMAIN,
  // carrier.ts
  CARRIER_HEALTH,
  // send.ts
  SEND,
];
