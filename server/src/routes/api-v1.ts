import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { auditSource } from '../http/authenticate';
import { API_RATE_LIMIT, API_V1_PREFIX, registerApiErrors } from '../http/api-v1';
import { register } from '../http/register';
import { openApiDocument } from '../http/openapi';
import { createApiKey, listApiKeys, revokeApiKey } from '../integrations/api-keys';
import { sendMessages } from '../integrations/send';
import { addOptOuts, listOptOuts, removeOptOut } from '../integrations/optouts';
import { getStatement, listLedgerEntries } from '../integrations/ledger-reads';
import { cancelBatch, getBalance, getBatch, getMessage, listMessages, listSenderIds } from '../integrations/reads';
import { openApiWebhooks } from '../integrations/webhooks/openapi-webhooks';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../integrations/webhooks/endpoints';
import { listWebhookDeliveries, redeliverWebhook, sendTestWebhook } from '../integrations/webhooks/deliveries';
import { getWebhookSecret, rotateWebhookSecret } from '../integrations/webhooks/secrets';
import { getSmppAccess, updateSmppAccess } from '../smpp-server/access-settings';
import { createTemplateV1, deleteTemplateV1, listTemplatesV1, updateTemplateV1 } from '../integrations/templates';
import {
  CREATE_TEMPLATE,
  DELETE_TEMPLATE,
  LIST_TEMPLATES,
  UPDATE_TEMPLATE,
} from '../../../src/domain/contract/v1/templates';
import { OPERATIONS } from '../../../src/domain/contract/v1/operations';
import { OPENAPI_PATH } from '../../../src/domain/contract/v1/operation';
import {
  ADD_OPT_OUTS,
  CANCEL_BATCH,
  GET_BALANCE,
  GET_BATCH,
  GET_MESSAGE,
  GET_STATEMENT,
  LIST_LEDGER_ENTRIES,
  LIST_MESSAGES,
  LIST_OPT_OUTS,
  LIST_SENDER_IDS,
  REMOVE_OPT_OUT,
  SEND_MESSAGES,
} from '../../../src/domain/contract/v1/messages';
import { CREATE_API_KEY, LIST_API_KEYS, REVOKE_API_KEY, SET_API_KEY_CAP } from '../../../src/domain/contract/v1/keys';
import { setApiKeyCap } from '../integrations/key-caps';
import { GET_SMPP_ACCESS, UPDATE_SMPP_ACCESS } from '../../../src/domain/contract/v1/smpp';
import {
  CREATE_WEBHOOK_ENDPOINT,
  DELETE_WEBHOOK_ENDPOINT,
  GET_WEBHOOK_SECRET,
  LIST_WEBHOOK_DELIVERIES,
  LIST_WEBHOOK_ENDPOINTS,
  REDELIVER_WEBHOOK,
  ROTATE_WEBHOOK_SECRET,
  SEND_TEST_WEBHOOK,
} from '../../../src/domain/contract/v1/webhooks';

// The integrators' API (docs/api-v1.md): each operation of src/domain/contract/v1 registered with its
// handler; the OpenAPI document at openapi.json is generated from the same table. The registrar hands each
// handler the key (null for the app's session) and the mode the operation declares.

export async function registerApiV1Routes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  await app.register(
    async (v1) => {
      registerApiErrors(v1, ctx);
      const document = {
        ...openApiDocument(OPERATIONS, ctx.apiRateLimit ?? API_RATE_LIMIT),
        webhooks: openApiWebhooks(),
      };
      v1.get(OPENAPI_PATH.slice(API_V1_PREFIX.length), async (_req, reply) =>
        reply.header('Cache-Control', 'public, max-age=300').send(document),
      );
      register(v1, ctx, SEND_MESSAGES, async ({ scope: { user, key }, body, idempotencyKey, req }) => {
        const answer = await sendMessages(ctx, user, key, body, idempotencyKey);
        req.log.info({ batchId: answer.batchId }, 'send accepted');
        return answer;
      });
      register(v1, ctx, GET_MESSAGE, ({ scope: { user, key }, params }) =>
        getMessage(ctx, user, key, params.messageId),
      );
      register(v1, ctx, LIST_MESSAGES, ({ scope: { user, key }, query }) => listMessages(ctx, user, key, query));
      register(v1, ctx, GET_BATCH, ({ scope: { user, key }, params }) => getBatch(ctx, user, key, params.batchId));
      register(v1, ctx, CANCEL_BATCH, ({ scope: { user, key }, params }) =>
        cancelBatch(ctx, user, key, params.batchId),
      );
      register(v1, ctx, GET_BALANCE, ({ scope: { user } }) => getBalance(ctx, user));
      register(v1, ctx, LIST_LEDGER_ENTRIES, ({ scope: { user }, query }) => listLedgerEntries(ctx, user, query));
      register(v1, ctx, GET_STATEMENT, ({ scope: { user }, params }) => getStatement(ctx, user, params.month));
      register(v1, ctx, LIST_SENDER_IDS, async ({ scope: { user } }) => listSenderIds(user));
      register(v1, ctx, LIST_OPT_OUTS, ({ scope: { user }, query }) => listOptOuts(ctx, user, query));
      register(v1, ctx, ADD_OPT_OUTS, ({ scope: { user }, body }) => addOptOuts(ctx, user, body));
      register(v1, ctx, REMOVE_OPT_OUT, ({ scope: { user }, params, query, req }) =>
        removeOptOut(ctx, user, params.number, query.reason, auditSource(req)),
      );
      register(v1, ctx, CREATE_API_KEY, ({ scope: { user, key }, body, req }) =>
        createApiKey(ctx, user, body, key, auditSource(req)),
      );
      register(v1, ctx, LIST_API_KEYS, async ({ scope: { user } }) => ({ data: await listApiKeys(ctx, user) }));
      register(v1, ctx, REVOKE_API_KEY, ({ scope: { user }, params, req }) =>
        revokeApiKey(ctx, user, params.keyId, auditSource(req)),
      );
      register(v1, ctx, SET_API_KEY_CAP, ({ scope: { user }, params, body, req }) =>
        setApiKeyCap(ctx, user, params.keyId, body.dailyCap, auditSource(req)),
      );
      register(v1, ctx, CREATE_WEBHOOK_ENDPOINT, ({ scope: { user, mode }, body, req }) =>
        createWebhookEndpoint(ctx, user, mode, body, auditSource(req)),
      );
      register(v1, ctx, LIST_WEBHOOK_ENDPOINTS, ({ scope: { user, mode } }) => listWebhookEndpoints(ctx, user, mode));
      register(v1, ctx, DELETE_WEBHOOK_ENDPOINT, ({ scope: { user, mode }, params, req }) =>
        deleteWebhookEndpoint(ctx, user, mode, params.endpointId, auditSource(req)),
      );
      register(v1, ctx, LIST_WEBHOOK_DELIVERIES, ({ scope: { user, mode }, params, query }) =>
        listWebhookDeliveries(ctx, user, mode, params.endpointId, query),
      );
      register(v1, ctx, REDELIVER_WEBHOOK, ({ scope: { user, mode }, params }) =>
        redeliverWebhook(ctx, user, mode, params.deliveryId),
      );
      register(v1, ctx, SEND_TEST_WEBHOOK, ({ scope: { user, mode }, params }) =>
        sendTestWebhook(ctx, user, mode, params.endpointId),
      );
      register(v1, ctx, GET_WEBHOOK_SECRET, ({ scope: { user, mode } }) => getWebhookSecret(ctx, user, mode));
      register(v1, ctx, ROTATE_WEBHOOK_SECRET, ({ scope: { user, mode }, req }) =>
        rotateWebhookSecret(ctx, user, mode, auditSource(req)),
      );
      register(v1, ctx, GET_SMPP_ACCESS, ({ scope: { user } }) => getSmppAccess(ctx, user));
      // A test key may not (its access says liveOnly): the registrar refuses it.
      register(v1, ctx, UPDATE_SMPP_ACCESS, ({ scope: { user }, body, req }) =>
        updateSmppAccess(ctx, user, body, auditSource(req)),
      );
      register(v1, ctx, LIST_TEMPLATES, ({ scope: { user } }) => listTemplatesV1(ctx, user));
      register(v1, ctx, CREATE_TEMPLATE, ({ scope: { user }, body }) => createTemplateV1(ctx, user, body));
      register(v1, ctx, UPDATE_TEMPLATE, ({ scope: { user }, params, body }) =>
        updateTemplateV1(ctx, user, params.templateId, body),
      );
      register(v1, ctx, DELETE_TEMPLATE, ({ scope: { user }, params }) =>
        deleteTemplateV1(ctx, user, params.templateId),
      );
    },
    { prefix: API_V1_PREFIX },
  );
}
