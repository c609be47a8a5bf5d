import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import { ownProfile, post } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import {
  NO_SELLER,
  SELLER_SHORT,
  amountOf,
  quote,
  referralBonus,
  sellerHoldsCredit,
  sellerOf,
  type Quote,
} from '../payments/quote';
import { checkoutPath, createCheckout } from '../payments/checkout';
import { registerHistoryRoutes } from './payment-history';

const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));
const profile_id = z.coerce.number().optional();

export const CARD_PAYMENTS_UNAVAILABLE =
  'Card payments are not available on this server yet, please contact your provider';

export async function registerPaymentRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  // The outcome travels in the answer's fields (SPEC 7), so refusals are HTTP 200 too.
  post(
    app,
    ctx,
    FRONTEND_PATH + 'checksupcredit',
    'user',
    z.object({ profile_id, amount: z.unknown() }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      const purchase = await purchaseFor(ctx, user, body.amount);
      return 'problem' in purchase
        ? { error: { status: 'failed', message: purchase.problem } }
        : { error: { status: 'successful' } };
    },
  );

  const linkBody = z.object({
    profile_id,
    amount: z.unknown(),
    currency: text,
    country: text,
    title: text,
    description: text,
  });
  post(app, ctx, FRONTEND_PATH + 'paystack-link/', 'user', linkBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const refused = (message: string) => ({ status: false, error: { status: 'failed', message } });
    const currency = (body.currency || 'GHS').toUpperCase();
    if (currency !== 'GHS') return refused('Payments are accepted in GHS only');
    const purchase = await purchaseFor(ctx, user, body.amount);
    if ('problem' in purchase) return refused(purchase.problem);
    if (purchase.domain.usepaymentgateway !== 1) return refused('Card payments are not enabled on this domain');
    // Only the demo's simulated checkout takes payments for now: outside dev mode no credit without a real payment.
    if (!ctx.devMode) return refused(CARD_PAYMENTS_UNAVAILABLE);
    const reference = await createCheckout(ctx, user, purchase.seller, purchase.quote, {
      currency,
      title: body.title,
      description: body.description,
    });
    return { status: true, link: checkoutPath(reference) };
  });

  await registerHistoryRoutes(app, ctx);
}

type Purchase = { problem: string } | { seller: UserRow; domain: DomainRow; quote: Extract<Quote, { ok: true }> };

/**
 * What a user would get for an amount, or why it cannot buy it now: a bad amount, no price for it,
 * or a reseller supervisor without the credit to hand over (profile 6, the platform, always has it).
 */
async function purchaseFor(ctx: GatewayContext, user: UserRow, rawAmount: unknown): Promise<Purchase> {
  const amount = amountOf(rawAmount);
  if (typeof amount !== 'number') return { problem: amount.message };
  const sale = await sellerOf(ctx.db, user);
  if (!sale) return { problem: NO_SELLER };
  const q = await quote(ctx, user, sale.domain, amount);
  if (!q.ok) return { problem: q.message };
  const needed = q.credits + referralBonus(sale.domain, user, q.credits);
  if (sellerHoldsCredit(sale.seller) && sale.seller.creditbalance < needed) return { problem: SELLER_SHORT };
  return { ...sale, quote: q };
}
