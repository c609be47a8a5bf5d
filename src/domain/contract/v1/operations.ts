// The table of the integrators' API (docs/api-v1.md): every operation, each declared once in the module of its
// group. The gateway registers each from here and writes the OpenAPI document from this table; the app calls
// them through src/api/v1.ts.
import type { Operation } from './operation';
import {
  ADD_OPT_OUTS,
  CANCEL_BATCH,
  GET_BALANCE,
  GET_BATCH,
  GET_MESSAGE,
  LIST_MESSAGES,
  LIST_OPT_OUTS,
  LIST_SENDER_IDS,
  REMOVE_OPT_OUT,
  SEND_MESSAGES,
} from './messages';
import { CREATE_API_KEY, LIST_API_KEYS, REVOKE_API_KEY } from './keys';
import { GET_SMPP_ACCESS, UPDATE_SMPP_ACCESS } from './smpp';
import {
  CREATE_WEBHOOK_ENDPOINT,
  DELETE_WEBHOOK_ENDPOINT,
  GET_WEBHOOK_SECRET,
  LIST_WEBHOOK_DELIVERIES,
  LIST_WEBHOOK_ENDPOINTS,
  REDELIVER_WEBHOOK,
  ROTATE_WEBHOOK_SECRET,
  SEND_TEST_WEBHOOK,
} from './webhooks';

export const OPERATIONS: readonly Operation[] = [
  SEND_MESSAGES,
  GET_MESSAGE,
  LIST_MESSAGES,
  GET_BATCH,
  CANCEL_BATCH,
  GET_BALANCE,
  LIST_SENDER_IDS,
  LIST_OPT_OUTS,
  ADD_OPT_OUTS,
  REMOVE_OPT_OUT,
  CREATE_API_KEY,
  LIST_API_KEYS,
  REVOKE_API_KEY,
  CREATE_WEBHOOK_ENDPOINT,
  LIST_WEBHOOK_ENDPOINTS,
  DELETE_WEBHOOK_ENDPOINT,
  LIST_WEBHOOK_DELIVERIES,
  REDELIVER_WEBHOOK,
  SEND_TEST_WEBHOOK,
  GET_WEBHOOK_SECRET,
  ROTATE_WEBHOOK_SECRET,
  GET_SMPP_ACCESS,
  UPDATE_SMPP_ACCESS,
];
