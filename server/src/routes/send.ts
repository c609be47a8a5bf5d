import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { auditSource } from '../http/authenticate';
import { sendOrHold } from '../approvals/hold';
import { SEND } from '../../../src/domain/contract/send';
import { parseSendItems } from '../sending/send-items';

/** POST /smsgateway/api/sendsms (docs/api.md#sends): authorised by the API key, honours the Idempotency-Key. */
export async function registerSendRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  // A team member's campaign the account's two-person rule matches waits for an approver (approvals/hold.ts).
  register(app, ctx, SEND, async ({ body, scope, idempotencyKey, req }) => {
    const items = await parseSendItems(body.messageobject);
    const answer = await sendOrHold(ctx, scope, items, idempotencyKey, auditSource(req));
    // The send's id ties this request to the carrier's lines about it (docs/operations.md#logs).
    req.log.info({ messageId: answer.message_id }, 'send accepted');
    return answer;
  });
}
