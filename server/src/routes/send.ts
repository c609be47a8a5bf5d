import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { post } from '../http/route';
import { acceptSend } from '../sending/accept-send';
import { refuse } from '../core/errors';
import { SEND } from '../../../src/domain/contract/send';
import { parseIdempotencyKey } from '../../../src/domain/send/idempotency-key';
import { parseSendItems } from '../sending/send-items';

/** POST /smsgateway/api/sendsms (docs/api.md#sends): authorised by the API key, honours the Idempotency-Key. */
export async function registerSendRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, SEND, async ({ body, user, req }) => {
    const header = req.headers['idempotency-key'];
    const idem = parseIdempotencyKey(Array.isArray(header) ? header[0] : header);
    if (idem && 'problem' in idem) throw refuse(idem.problem);
    return acceptSend(ctx, user, await parseSendItems(body.messageobject), idem);
  });
}
