import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { confirmPaystackReturn, handlePaystackEvent, paystackBase, purchasePageFor } from '../payments/paystack';
import { PAYSTACK_CALLBACK_PATH, PAYSTACK_WEBHOOK_PATH } from '../../../src/domain/navigation/api-paths';

const REFERENCE = /^[0-9a-f]{48}$/;
/** Paystack's events are small; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Paystack's two ways back (docs/api.md#paystack-no-token): the customer's browser returning to the callback URL, and
 * Paystack's signed webhook. Neither carries a user token; the reference and the signature do.
 */
export async function registerPaystackRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const base = paystackBase(ctx);
  if (!base) return;

  app.get<{ Querystring: { reference?: string; trxref?: string } }>(PAYSTACK_CALLBACK_PATH, async (req, reply) => {
    const reference = String(req.query.reference ?? req.query.trxref ?? '');
    const outcome = REFERENCE.test(reference) ? await confirmPaystackReturn(ctx, base, reference) : 'unknown';
    return reply.redirect(purchasePageFor(outcome), 303);
  });

  await app.register(async (scope) => {
    // The signature covers the exact bytes Paystack sent, so this scope keeps the raw body.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(PAYSTACK_WEBHOOK_PATH, async (req, reply) => {
      const raw = req.body;
      const signature = req.headers['x-paystack-signature'];
      if (!Buffer.isBuffer(raw) || typeof signature !== 'string') {
        return reply.status(400).send({ error: { status: 'failed', message: 'Not a Paystack event' } });
      }
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.status(400).send({ error: { status: 'failed', message: 'Not a Paystack event' } });
      }
      if (!isEvent(event))
        return reply.status(400).send({ error: { status: 'failed', message: 'Not a Paystack event' } });
      const result = await handlePaystackEvent(ctx, raw, signature, event);
      if (result === 'forged') {
        return reply.status(401).send({ error: { status: 'failed', message: 'Invalid signature' } });
      }
      return { received: true };
    });
  });
}

function isEvent(value: unknown): value is { event: string; data: { reference?: unknown } } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { event?: unknown; data?: unknown };
  return typeof v.event === 'string' && typeof v.data === 'object' && v.data !== null;
}
