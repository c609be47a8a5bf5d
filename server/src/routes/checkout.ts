import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GatewayContext } from '../core/context';
import { CHECKOUT_CSP, checkoutPage, messagePage } from '../payments/checkout-page';
import { Refusal } from '../core/errors';
import { httpStatusOf } from '../http/error-handler';
import { cancelCheckout, closedReason, findSimulatedCheckout, sellerName } from '../payments/checkout';
import { paySimulated } from '../payments/auto-topup-card';
import { CHECKOUT_PATH } from '../../../src/domain/navigation/api-paths';

const REFERENCE = /^[A-Za-z0-9_-]{20,64}$/;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('Content-Security-Policy', CHECKOUT_CSP)
    .type('text/html; charset=utf-8')
    .send(body);
}

/** The simulated Paystack checkout page and its two form posts (no token: the link is the key). */
export async function registerCheckoutRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  await app.register(async (scope) => {
    // Plain HTML forms post url-encoded bodies; only this scope accepts them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { reference: string } }>(`${CHECKOUT_PATH}:reference`, async (req, reply) => {
      const c = REFERENCE.test(req.params.reference)
        ? await findSimulatedCheckout(ctx, req.params.reference)
        : undefined;
      if (!c) return html(reply, 404, messagePage('Unknown payment'));
      const closed = closedReason(ctx, c);
      if (closed) return html(reply, 409, messagePage(closed));
      return html(reply, 200, checkoutPage(c, await sellerName(ctx, c)));
    });

    scope.post<{ Params: { reference: string }; Body: Record<string, string> | undefined }>(
      `${CHECKOUT_PATH}:reference`,
      async (req, reply) => {
        const reference = req.params.reference;
        if (!REFERENCE.test(reference)) return html(reply, 404, messagePage('Unknown payment'));
        const action = req.body?.action;
        try {
          if (action === 'pay') await paySimulated(ctx, reference, 'card');
          else if (action === 'momo') await paySimulated(ctx, reference, 'mobile_money');
          else if (action === 'cancel') await cancelCheckout(ctx, reference);
          else return html(reply, 400, messagePage('Please choose Pay or Cancel'));
        } catch (error) {
          if (error instanceof Refusal) return html(reply, httpStatusOf(error), messagePage(error.message));
          throw error;
        }
        return reply.redirect(`/purchasesms?payment=${action === 'cancel' ? 'cancelled' : 'success'}`, 303);
      },
    );
  });
}
