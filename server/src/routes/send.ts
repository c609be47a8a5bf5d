import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { post } from '../http/route';
import { acceptSend } from '../sending/accept-send';
import { refuse } from '../core/errors';
import { SEND_PATH } from '../../../src/domain/api-paths';
import { parseIdempotencyKey } from '../../../src/domain/idempotency-key';
import { parseSendItems } from '../sending/send-items';

const sendBody = z.object({ messageobject: z.array(z.unknown()).min(1, 'needs at least one message') });
/** POST /smsgateway/api/sendsms (docs/api.md#sends): authorised by the API key, honours the Idempotency-Key. */
export async function registerSendRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, SEND_PATH, 'apikey', sendBody, async ({ body, user, req }) => {
    const header = req.headers['idempotency-key'];
    const idem = parseIdempotencyKey(Array.isArray(header) ? header[0] : header);
    if (idem && 'problem' in idem) throw refuse(idem.problem);
    return acceptSend(ctx, user, await parseSendItems(body.messageobject), idem);
  });
}
