import { z } from 'zod';
import { WEBHOOK_TYPES, webhookEvent } from '../../../../src/domain/api-v1/webhook-schemas';

/** The webhooks section of the OpenAPI document: one entry per event type, each with the body it POSTs. */
export function openApiWebhooks() {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(webhookEvent, { io: 'output' }) as Record<string, unknown>;
  return Object.fromEntries(
    WEBHOOK_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}, signed with webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks)`,
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: {
            '200': { description: 'Any 2xx: received' },
            '410': { description: 'Gone: disables the endpoint' },
          },
        },
      },
    ]),
  );
}
