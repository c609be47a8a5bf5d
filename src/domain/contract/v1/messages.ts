// The integrators' API (docs/api-v1.md): sends, their reads, the balance, sender IDs and the opt-out list.
import { op } from './operation';
import * as s from '../../api-v1/schemas';
import * as ledger from '../../api-v1/ledger-schemas';
import * as o from '../../api-v1/optout-schemas';

export const SEND_MESSAGES = op({
  operationId: 'sendMessages',
  method: 'POST',
  path: '/messages',
  summary: 'Send one text to many numbers, or one text per number',
  description:
    'Valid numbers are accepted in one batch and charged at once; invalid ones are listed as rejected. A repeat with the same Idempotency-Key gets the first answer.',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'send' },
  idempotent: true,
  body: s.sendMessagesBody,
  answer: s.sendAnswer,
  status: 201,
  errors: [402, 404, 409, 413, 422],
});

export const GET_MESSAGE = op({
  operationId: 'getMessage',
  method: 'GET',
  path: '/messages/:messageId',
  summary: 'One message: its status, parts, cost, error and the time of each status',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:read'], needs: 'reports' },
  params: s.messageParams,
  answer: s.message,
  status: 200,
  errors: [404],
});

export const LIST_MESSAGES = op({
  operationId: 'listMessages',
  method: 'GET',
  path: '/messages',
  summary: 'Messages, newest first, a page at a time',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:read'], needs: 'reports' },
  query: s.listMessagesQuery,
  answer: s.messageList,
  status: 200,
  errors: [],
});

export const GET_BATCH = op({
  operationId: 'getBatch',
  method: 'GET',
  path: '/batches/:batchId',
  summary: "A batch's counts by status, its cost and its schedule",
  access: { who: 'apikey', touches: 'self', scopes: ['messages:read'], needs: 'reports' },
  params: s.batchParams,
  answer: s.batch,
  status: 200,
  errors: [404],
});

export const CANCEL_BATCH = op({
  operationId: 'cancelBatch',
  method: 'POST',
  path: '/batches/:batchId/cancel',
  summary: 'Cancel a scheduled batch before it runs; its credit goes back',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'send' },
  params: s.batchParams,
  answer: s.cancelledBatch,
  status: 200,
  errors: [404, 409],
});

export const GET_BALANCE = op({
  operationId: 'getBalance',
  method: 'GET',
  path: '/balance',
  summary: "The balance, as the app's header shows it",
  access: { who: 'apikey', touches: 'self', scopes: ['balance:read'], needs: 'reports' },
  answer: s.balance,
  status: 200,
  errors: [],
});

export const LIST_SENDER_IDS = op({
  operationId: 'listSenderIds',
  method: 'GET',
  path: '/sender-ids',
  summary: 'Approved and pending sender IDs',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'send' },
  answer: s.senderIdList,
  status: 200,
  errors: [],
});

export const LIST_OPT_OUTS = op({
  operationId: 'listOptOuts',
  method: 'GET',
  path: '/opt-outs',
  summary: "The account's opt-out list, newest first, a page at a time",
  access: { who: 'apikey', touches: 'self', scopes: ['messages:read'], needs: 'reports' },
  query: o.listOptOutsQuery,
  answer: o.optOutList,
  status: 200,
  errors: [],
});

export const ADD_OPT_OUTS = op({
  operationId: 'addOptOuts',
  method: 'POST',
  path: '/opt-outs',
  summary: 'Put numbers on the opt-out list: nothing is sent to them again',
  description: 'Every number must be a phone number, or none is added. A number already on the list keeps its reason.',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'send' },
  body: o.addOptOutsBody,
  answer: o.addedOptOuts,
  status: 200,
  errors: [422],
});

export const REMOVE_OPT_OUT = op({
  operationId: 'removeOptOut',
  method: 'DELETE',
  path: '/opt-outs/:number',
  summary: 'Take a number off the opt-out list, with the reason (recorded)',
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], needs: 'send' },
  params: o.optOutParams,
  query: o.removeOptOutQuery,
  answer: o.removedOptOut,
  status: 200,
  errors: [404, 422],
});

export const LIST_LEDGER_ENTRIES = op({
  operationId: 'listLedgerEntries',
  method: 'GET',
  path: '/ledger',
  summary: 'Every change of the balance, newest first, a page at a time',
  description: 'Each entry says how much moved, the balance it left, why, and what caused it.',
  access: { who: 'apikey', touches: 'self', scopes: ['balance:read'], needs: 'billing' },
  query: ledger.listLedgerQuery,
  answer: ledger.ledgerList,
  status: 200,
  errors: [],
});

export const GET_STATEMENT = op({
  operationId: 'getStatement',
  method: 'GET',
  path: '/statements/:month',
  summary:
    "A month's statement: opening and closing balance, credits in and out by reason, and spending by kind of send",
  access: { who: 'apikey', touches: 'self', scopes: ['balance:read'], needs: 'billing' },
  params: ledger.statementParams,
  answer: ledger.statement,
  status: 200,
  errors: [],
});
