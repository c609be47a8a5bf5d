import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { auditSource } from '../http/authenticate';
import type { ApiKeyRow } from '../db/schema-integrations';
import { API_RATE_LIMIT, API_V1_PREFIX, operation, registerApiErrors, type Operation } from '../http/api-v1';
import { openApiDocument } from '../http/openapi';
import * as s from '../../../src/domain/api-v1/schemas';
import { createApiKey, listApiKeys, revokeApiKey } from '../integrations/api-keys';
import { sendMessages } from '../integrations/send';
import { addOptOuts, listOptOuts, removeOptOut } from '../integrations/optouts';
import { cancelBatch, getBalance, getBatch, getMessage, listMessages, listSenderIds } from '../integrations/reads';
import * as wh from '../../../src/domain/api-v1/webhook-schemas';
import { openApiWebhooks } from '../integrations/webhooks/openapi-webhooks';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../integrations/webhooks/endpoints';
import { listWebhookDeliveries, redeliverWebhook, sendTestWebhook } from '../integrations/webhooks/deliveries';
import { getWebhookSecret, modeOfCaller, rotateWebhookSecret } from '../integrations/webhooks/secrets';
import { getSmppAccess, updateSmppAccess } from '../smpp-server/access-settings';
import { smppAccess, updatedSmppAccess, updateSmppAccessBody } from '../../../src/domain/account/smpp-access';
import { forbidden } from '../core/errors';

// The integrators' API (docs/api-v1.md): each operation once, with its id, scopes and schemas; the
// OpenAPI document at openapi.json is generated from this table.

type Part = z.ZodType | undefined;
const op = <
  B extends Part = undefined,
  Q extends Part = undefined,
  P extends Part = undefined,
  A extends z.ZodType = z.ZodType,
>(
  o: Operation<B, Q, P, A>,
) => o;

export const SEND_MESSAGES = op({
  operationId: 'sendMessages',
  method: 'POST',
  path: '/messages',
  summary: 'Send one text to many numbers, or one text per number',
  description:
    'Valid numbers are accepted in one batch and charged at once; invalid ones are listed as rejected. A repeat with the same Idempotency-Key gets the first answer.',
  scopes: ['messages:send'],
  idempotent: true,
  body: s.sendMessagesBody,
  answer: s.sendAnswer,
  status: 201,
  errors: [402, 409, 413, 422],
});
export const GET_MESSAGE = op({
  operationId: 'getMessage',
  method: 'GET',
  path: '/messages/:messageId',
  summary: 'One message: its status, parts, cost, error and the time of each status',
  scopes: ['messages:read'],
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
  scopes: ['messages:read'],
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
  scopes: ['messages:read'],
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
  scopes: ['messages:send'],
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
  scopes: ['balance:read'],
  answer: s.balance,
  status: 200,
  errors: [],
});
export const LIST_SENDER_IDS = op({
  operationId: 'listSenderIds',
  method: 'GET',
  path: '/sender-ids',
  summary: 'Approved and pending sender IDs',
  scopes: ['messages:send'],
  answer: s.senderIdList,
  status: 200,
  errors: [],
});
export const LIST_OPT_OUTS = op({
  operationId: 'listOptOuts',
  method: 'GET',
  path: '/opt-outs',
  summary: "The account's opt-out list, newest first, a page at a time",
  scopes: ['messages:read'],
  query: s.listOptOutsQuery,
  answer: s.optOutList,
  status: 200,
  errors: [],
});
export const ADD_OPT_OUTS = op({
  operationId: 'addOptOuts',
  method: 'POST',
  path: '/opt-outs',
  summary: 'Put numbers on the opt-out list: nothing is sent to them again',
  description: 'Every number must be a phone number, or none is added. A number already on the list keeps its reason.',
  scopes: ['messages:send'],
  body: s.addOptOutsBody,
  answer: s.addedOptOuts,
  status: 200,
  errors: [422],
});
export const REMOVE_OPT_OUT = op({
  operationId: 'removeOptOut',
  method: 'DELETE',
  path: '/opt-outs/:number',
  summary: 'Take a number off the opt-out list, with the reason (recorded)',
  scopes: ['messages:send'],
  params: s.optOutParams,
  query: s.removeOptOutQuery,
  answer: s.removedOptOut,
  status: 200,
  errors: [404, 422],
});
/** Managing keys with a key needs every scope: such a key can do all a key can, so it makes no stronger one. */
const KEY_ADMIN = s.API_SCOPES;
export const CREATE_API_KEY = op({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api-keys',
  summary: 'Create a named key with its scopes and mode; its secret is in this answer only',
  scopes: KEY_ADMIN,
  session: true,
  body: s.createApiKeyBody,
  answer: s.createdApiKey,
  status: 201,
  errors: [422],
});
export const LIST_API_KEYS = op({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/api-keys',
  summary: "The account's keys (never their secrets), newest first",
  scopes: KEY_ADMIN,
  session: true,
  answer: s.apiKeyList,
  status: 200,
  errors: [],
});
export const REVOKE_API_KEY = op({
  operationId: 'revokeApiKey',
  method: 'DELETE',
  path: '/api-keys/:keyId',
  summary: 'Revoke a key: it stops working at once',
  scopes: KEY_ADMIN,
  session: true,
  params: s.keyParams,
  answer: s.revokedApiKey,
  status: 200,
  errors: [404],
});

export const CREATE_WEBHOOK_ENDPOINT = op({
  operationId: 'createWebhookEndpoint',
  method: 'POST',
  path: '/webhook-endpoints',
  summary: "Receive events of this key's mode at a URL; the signing secret is in this answer only",
  description:
    'Outside dev mode the URL must be https and reach a public address. Each event is POSTed signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature).',
  scopes: ['webhooks:manage'],
  session: true,
  body: wh.createWebhookEndpointBody,
  answer: wh.createdWebhookEndpoint,
  status: 201,
  errors: [422],
});
export const LIST_WEBHOOK_ENDPOINTS = op({
  operationId: 'listWebhookEndpoints',
  method: 'GET',
  path: '/webhook-endpoints',
  summary: "The account's endpoints in this key's mode (never their secrets), newest first, disabled ones with why",
  scopes: ['webhooks:manage'],
  session: true,
  query: wh.listWebhookEndpointsQuery,
  answer: wh.webhookEndpointList,
  status: 200,
  errors: [],
});
export const DELETE_WEBHOOK_ENDPOINT = op({
  operationId: 'deleteWebhookEndpoint',
  method: 'DELETE',
  path: '/webhook-endpoints/:endpointId',
  summary: 'Delete an endpoint: nothing more is sent to it',
  scopes: ['webhooks:manage'],
  session: true,
  params: wh.endpointParams,
  answer: wh.deletedWebhookEndpoint,
  status: 200,
  errors: [404],
});
export const LIST_WEBHOOK_DELIVERIES = op({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/webhook-endpoints/:endpointId/deliveries',
  summary: "An endpoint's deliveries, newest first, each with its attempts' times, status codes and durations",
  scopes: ['webhooks:manage'],
  session: true,
  params: wh.endpointParams,
  query: wh.listWebhookDeliveriesQuery,
  answer: wh.webhookDeliveryList,
  status: 200,
  errors: [404],
});
export const REDELIVER_WEBHOOK = op({
  operationId: 'redeliverWebhook',
  method: 'POST',
  path: '/webhook-deliveries/:deliveryId/redeliver',
  summary: 'Try a delivery once more, now, with the same webhook-id',
  scopes: ['webhooks:manage'],
  session: true,
  params: wh.deliveryParams,
  answer: wh.webhookDelivery,
  status: 200,
  errors: [404, 409],
});

export const SEND_TEST_WEBHOOK = op({
  operationId: 'sendTestWebhook',
  method: 'POST',
  path: '/webhook-endpoints/:endpointId/test',
  summary: 'Send the endpoint a webhook.test event, signed and retried like any other',
  scopes: ['webhooks:manage'],
  session: true,
  params: wh.endpointParams,
  answer: wh.webhookDelivery,
  status: 201,
  errors: [404, 409],
});
export const GET_WEBHOOK_SECRET = op({
  operationId: 'getWebhookSecret',
  method: 'GET',
  path: '/webhook-secret',
  summary: "Whether the account's default signing secret of this mode exists (never the secret)",
  description: 'The default secret signs the events sent to the callbackUrl of a sendMessages request.',
  scopes: ['webhooks:manage'],
  session: true,
  query: wh.webhookSecretQuery,
  answer: wh.webhookSecret,
  status: 200,
  errors: [],
});
export const ROTATE_WEBHOOK_SECRET = op({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: '/webhook-secret',
  summary: 'Make a new default signing secret for this mode; it is in this answer only and the old one stops at once',
  scopes: ['webhooks:manage'],
  session: true,
  body: wh.rotateWebhookSecretBody,
  answer: wh.rotatedWebhookSecret,
  status: 201,
  errors: [],
});
export const GET_SMPP_ACCESS = op({
  operationId: 'getSmppAccess',
  method: 'GET',
  path: '/smpp-access',
  summary: "The account's SMPP access (docs/smpp.md): system_id, limits, allow-list and open binds; never the password",
  scopes: ['messages:send'],
  session: true,
  answer: smppAccess,
  status: 200,
  errors: [],
});
/** SMPP credentials send as a live key does: changing them takes what making a key takes. */
export const UPDATE_SMPP_ACCESS = op({
  operationId: 'updateSmppAccess',
  method: 'POST',
  path: '/smpp-access',
  summary: 'Set up or change SMPP access; a password the gateway makes is in this answer only',
  description:
    'The first call makes the system_id (from the username) and, unless one is given, an 8-character password. A live key with every scope, or the session token.',
  scopes: KEY_ADMIN,
  session: true,
  body: updateSmppAccessBody,
  answer: updatedSmppAccess,
  status: 200,
  errors: [422],
});

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

/** Operations other than the key ones are a key's: the handler is never reached without one. */
function keyOf(key: ApiKeyRow | null): ApiKeyRow {
  if (!key) throw new Error('an operation without session access was reached without a key');
  return key;
}

export async function registerApiV1Routes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  await app.register(
    async (v1) => {
      registerApiErrors(v1, ctx);
      const document = {
        ...openApiDocument(OPERATIONS, ctx.apiRateLimit ?? API_RATE_LIMIT),
        webhooks: openApiWebhooks(),
      };
      v1.get('/openapi.json', async (_req, reply) =>
        reply.header('Cache-Control', 'public, max-age=300').send(document),
      );
      operation(v1, ctx, SEND_MESSAGES, ({ user, key, body, idempotencyKey }) =>
        sendMessages(ctx, user, keyOf(key), body, idempotencyKey),
      );
      operation(v1, ctx, GET_MESSAGE, ({ user, key, params }) => getMessage(ctx, user, keyOf(key), params.messageId));
      operation(v1, ctx, LIST_MESSAGES, ({ user, key, query }) => listMessages(ctx, user, keyOf(key), query));
      operation(v1, ctx, GET_BATCH, ({ user, key, params }) => getBatch(ctx, user, keyOf(key), params.batchId));
      operation(v1, ctx, CANCEL_BATCH, ({ user, key, params }) => cancelBatch(ctx, user, keyOf(key), params.batchId));
      operation(v1, ctx, GET_BALANCE, ({ user }) => getBalance(ctx, user));
      operation(v1, ctx, LIST_SENDER_IDS, async ({ user }) => listSenderIds(user));
      operation(v1, ctx, LIST_OPT_OUTS, ({ user, query }) => listOptOuts(ctx, user, query));
      operation(v1, ctx, ADD_OPT_OUTS, ({ user, body }) => addOptOuts(ctx, user, body));
      operation(v1, ctx, REMOVE_OPT_OUT, ({ user, params, query, req }) =>
        removeOptOut(ctx, user, params.number, query.reason, auditSource(req)),
      );
      operation(v1, ctx, CREATE_API_KEY, ({ user, key, body, req }) =>
        createApiKey(ctx, user, body, key, auditSource(req)),
      );
      operation(v1, ctx, LIST_API_KEYS, async ({ user }) => ({ data: await listApiKeys(ctx, user) }));
      operation(v1, ctx, REVOKE_API_KEY, ({ user, params, req }) =>
        revokeApiKey(ctx, user, params.keyId, auditSource(req)),
      );
      operation(v1, ctx, CREATE_WEBHOOK_ENDPOINT, ({ user, key, body, req }) =>
        createWebhookEndpoint(ctx, user, modeOfCaller(key, body.mode, 'live'), body, auditSource(req)),
      );
      operation(v1, ctx, LIST_WEBHOOK_ENDPOINTS, ({ user, key, query }) =>
        listWebhookEndpoints(ctx, user, modeOfCaller(key, query.mode, 'live')),
      );
      operation(v1, ctx, DELETE_WEBHOOK_ENDPOINT, ({ user, key, params, req }) =>
        deleteWebhookEndpoint(ctx, user, modeOfCaller(key, undefined, null), params.endpointId, auditSource(req)),
      );
      operation(v1, ctx, LIST_WEBHOOK_DELIVERIES, ({ user, key, params, query }) =>
        listWebhookDeliveries(ctx, user, modeOfCaller(key, undefined, null), params.endpointId, query),
      );
      operation(v1, ctx, REDELIVER_WEBHOOK, ({ user, key, params }) =>
        redeliverWebhook(ctx, user, modeOfCaller(key, undefined, null), params.deliveryId),
      );
      operation(v1, ctx, SEND_TEST_WEBHOOK, ({ user, key, params }) =>
        sendTestWebhook(ctx, user, modeOfCaller(key, undefined, null), params.endpointId),
      );
      operation(v1, ctx, GET_WEBHOOK_SECRET, ({ user, key, query }) =>
        getWebhookSecret(ctx, user, modeOfCaller(key, query.mode, 'live')),
      );
      operation(v1, ctx, ROTATE_WEBHOOK_SECRET, ({ user, key, body, req }) =>
        rotateWebhookSecret(ctx, user, modeOfCaller(key, body.mode, 'live'), auditSource(req)),
      );
      operation(v1, ctx, GET_SMPP_ACCESS, ({ user }) => getSmppAccess(ctx, user));
      operation(v1, ctx, UPDATE_SMPP_ACCESS, ({ user, key, body, req }) => {
        // A test key never makes credentials that send for real.
        if (key?.mode === 'test') throw forbidden('A test key cannot change SMPP access: use a live key');
        return updateSmppAccess(ctx, user, body, auditSource(req));
      });
    },
    { prefix: API_V1_PREFIX },
  );
}
