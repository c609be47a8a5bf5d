import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { acceptSend } from '../sending/accept-send';
import { SEND } from '../../../src/domain/contract/send';
import { parseSendItems } from '../sending/send-items';

/** POST /smsgateway/api/sendsms (docs/api.md#sends): authorised by the API key, honours the Idempotency-Key. */
export async function registerSendRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, SEND, async ({ body, scope: { user }, idempotencyKey, req }) => {
    const answer = await acceptSend(ctx, user, await parseSendItems(body.messageobject), idempotencyKey);
    // The send's id ties this request to the carrier's lines about it (docs/operations.md#logs).
    req.log.info({ messageId: answer.message_id }, 'send accepted');
    return answer;
  });
}
