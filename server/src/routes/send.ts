import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../context';
import { post } from '../http/route';
import { acceptSend } from '../messaging/accept-send';
import { parseIdempotencyKey } from '../messaging/idempotency';
import { sendItemSchema } from '../messaging/send-items';

export const SEND_PATH = '/smsgateway/api/sendsms';

const sendBody = z.object({ messageobject: z.array(sendItemSchema).min(1, 'needs at least one message') });

/** POST /smsgateway/api/sendsms (API.md): authorised by the API key, honours the Idempotency-Key. */
export async function registerSendRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, SEND_PATH, 'apikey', sendBody, async ({ body, user, req }) => {
    const idem = parseIdempotencyKey(req.headers['idempotency-key']);
    return acceptSend(ctx, user, body.messageobject, idem);
  });
}
