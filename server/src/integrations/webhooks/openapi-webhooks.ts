import type { z } from 'zod';
import {
  BALANCE_LOW_EVENT,
  LINK_CLICKED_EVENT,
  WEBHOOK_TYPES,
  balanceLowEvent,
  linkClickedEvent,
  webhookEvent,
} from '../../../../src/domain/api-v1/webhook-schemas';
import { publishedJsonSchema } from '../../../../src/domain/api-v1/json-schema';

const jsonSchemaOf = (schema: z.ZodType) => publishedJsonSchema(schema, 'output');

/** The webhooks section of the OpenAPI document: one entry per event type, each with the body it POSTs. */
export function openApiWebhooks() {
  const messageSchema = jsonSchemaOf(webhookEvent);
  const balanceSchema = jsonSchemaOf(balanceLowEvent);
  const clickSchema = jsonSchemaOf(linkClickedEvent);
  const schemaOf = (type: string) =>
    type === BALANCE_LOW_EVENT ? balanceSchema : type === LINK_CLICKED_EVENT ? clickSchema : messageSchema;
  return Object.fromEntries(
    WEBHOOK_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}, signed with webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks)`,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(type) } },
          },
          responses: {
            '200': { description: 'Any 2xx: received' },
            '410': { description: 'Gone: disables the endpoint' },
          },
        },
      },
    ]),
  );
}
