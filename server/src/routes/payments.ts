import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { CHECK_SUPPLIER_CREDIT, PAYSTACK_LINK } from '../../../src/domain/contract/payments';
import { purchaseFor } from '../payments/quote';
import { checkoutPath, createCheckout } from '../payments/checkout';
import { paystackBase, startPaystackPayment } from '../payments/paystack';
import { registerHistoryRoutes } from './payment-history';
import { AUTO_TOPUP, SET_AUTO_TOPUP } from '../../../src/domain/contract/auto-topup';
import { CARD_PAYMENTS_OFF, autoTopupOf, setAutoTopup } from '../payments/auto-topup-card';

export async function registerPaymentRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  // The outcome travels in the answer's fields (docs/api.md#calls-and-answers), so refusals are HTTP 200 too.
  register(app, ctx, CHECK_SUPPLIER_CREDIT, async ({ body, scope: { user } }) => {
    const purchase = await purchaseFor(ctx, user, body.amount);
    return 'problem' in purchase
      ? { error: { status: 'failed', message: purchase.problem } }
      : { error: { status: 'successful' } };
  });

  register(app, ctx, PAYSTACK_LINK, async ({ body, scope: { user }, req }) => {
    const refused = (message: string) => ({ status: false, error: { status: 'failed', message } });
    const currency = (body.currency || 'GHS').toUpperCase();
    if (currency !== 'GHS') return refused('Payments are accepted in GHS only');
    const purchase = await purchaseFor(ctx, user, body.amount);
    if ('problem' in purchase) return refused(purchase.problem);
    if (purchase.domain.usepaymentgateway !== 1) return refused(CARD_PAYMENTS_OFF);
    const text = { currency, title: body.title, description: body.description };
    const base = paystackBase(ctx);
    if (base) {
      // Behind the TLS proxy that production requires, the customer's way back is https.
      const origin = `${ctx.devMode ? req.protocol : 'https'}://${req.host}`;
      const started = await startPaystackPayment(ctx, base, user, purchase, text, origin);
      return 'problem' in started ? refused(started.problem) : { status: true, link: started.link };
    }
    // Dev mode without PAYSTACK_BASE_URL: the simulated page, which says that no card is charged.
    const made = await createCheckout(ctx, user, purchase, text, 'sim');
    return 'problem' in made ? refused(made.problem) : { status: true, link: checkoutPath(made.reference) };
  });

  // Card auto top-up (docs/product.md#auto-top-up): never answers the saved card's authorization.
  register(app, ctx, AUTO_TOPUP, async ({ scope: { user } }) => ({ autoTopup: await autoTopupOf(ctx, user) }));
  register(app, ctx, SET_AUTO_TOPUP, async ({ body, scope: { user } }) => ({
    autoTopup: await setAutoTopup(ctx, user, body),
  }));

  await registerHistoryRoutes(app, ctx);
}
