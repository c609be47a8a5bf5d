import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { CheckoutRow } from '../db/schema-phonebook-payments';
import { Refusal } from '../core/errors';
import { closeUnpaid, createCheckout, findCheckout, payCheckout } from './checkout';
import { expireIfDue } from './reservations';
import { keepPaymentMethod } from './auto-topup-card';
import type { Sale } from './quote';
import {
  PAYSTACK_API,
  PaystackRefused,
  PaystackUnreachable,
  initializeTransaction,
  verifyTransaction,
  type VerifiedTransaction,
} from './paystack-api';
import { PAYSTACK_CALLBACK_PATH } from '../../../src/domain/navigation/api-paths';
import { APP_PATHS } from '../../../src/domain/navigation/app-paths';
import { PAYMENT_OUTCOME_PARAM, type PaymentOutcome } from '../../../src/domain/money/payment-outcome';

// Real card payments (docs/api.md#paystack-no-token): credit only what Paystack confirms, once per reference, whether the
// customer's return (callback) or Paystack's signed event (webhook) arrives first.

export const PAYSTACK_NOT_SET_UP = 'Card payments are not set up for this domain yet, please contact your provider';
export const PAYSTACK_DOWN = 'The payment provider could not be reached, please try again in a moment';

/** Paystack's API for this gateway; null only in dev mode without PAYSTACK_BASE_URL (the simulated page). */
export const paystackBase = (ctx: GatewayContext): string | null =>
  ctx.paystackBaseUrl ?? (ctx.devMode ? null : PAYSTACK_API);

/** Where the customer lands back on the purchase page, with how the payment ended. */
export const purchasePageFor = (outcome: PaymentOutcome) =>
  `${APP_PATHS.purchaseSms.getHref()}?${PAYMENT_OUTCOME_PARAM}=${outcome}`;

/** Amounts are stored in GHS with at most two decimals; Paystack counts pesewas. */
export const pesewas = (ghs: number) => Math.round(ghs * 100);

/** The secret key of the domain that sells (its Paystack account receives the money). */
export async function secretKeyOf(ctx: GatewayContext, sellerId: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('domains')
    .select('paystackseckey')
    .where('profile_id', '=', sellerId)
    .orderBy('domainprofile_id')
    .executeTakeFirst();
  return row?.paystackseckey.trim() ?? '';
}

/** Paystack's page may only be an https page (or the configured API's own host, for a local test double). */
function trustedPaymentPage(base: string, link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/**
 * Starts a Paystack payment for a sale: a checkout row, then Paystack's initialize with the seller
 * domain's key. Answers the payment page's URL, or the message for the user.
 */
export async function startPaystackPayment(
  ctx: GatewayContext,
  base: string,
  buyer: UserRow,
  sale: Sale,
  text: { currency: string; title: string; description: string },
  origin: string,
): Promise<{ link: string } | { problem: string }> {
  const secretKey = await secretKeyOf(ctx, sale.seller.profile_id);
  if (!secretKey) return { problem: PAYSTACK_NOT_SET_UP };
  const made = await createCheckout(ctx, buyer, sale, text, 'paystack');
  if ('problem' in made) return made;
  const { reference } = made;
  try {
    const started = await initializeTransaction(base, secretKey, {
      email: buyer.email,
      amount: pesewas(sale.quote.charge),
      currency: text.currency,
      reference,
      callbackUrl: origin + PAYSTACK_CALLBACK_PATH,
      cancelUrl: origin + purchasePageFor('cancelled'),
      metadata: { profile_id: buyer.profile_id, credits: sale.quote.credits },
    });
    if (started.reference !== reference || !trustedPaymentPage(base, started.authorization_url)) {
      throw new PaystackUnreachable('Paystack answered another reference or an untrusted page');
    }
    return { link: started.authorization_url };
  } catch (error) {
    await closeUnpaid(ctx, reference, 'failed', (error as Error).message);
    if (error instanceof PaystackRefused) {
      if (error.badKey) {
        ctx.reportError?.('paystack initialize: the domain secret key was refused', { seller: sale.seller.profile_id });
        return { problem: PAYSTACK_NOT_SET_UP };
      }
      return { problem: `The payment provider refused this payment: ${error.message}` };
    }
    if (error instanceof PaystackUnreachable) return { problem: PAYSTACK_DOWN };
    throw error;
  }
}

/**
 * Settles a checkout on what Paystack says of it: credits only a success whose reference, amount
 * and currency are the checkout's own; once only, however often it is told.
 */
export async function settlePaystack(
  ctx: GatewayContext,
  c: CheckoutRow,
  tx: VerifiedTransaction,
): Promise<PaymentOutcome> {
  if (c.status === 'paid') return 'success';
  if (c.status === 'mismatch') return 'mismatch';
  const note = tx.gateway_response ?? tx.status;
  if (tx.status === 'success') {
    if (tx.reference !== c.reference || tx.amount !== pesewas(c.amount) || tx.currency !== c.currency) {
      await closeUnpaid(
        ctx,
        c.reference,
        'mismatch',
        `paid ${tx.currency} ${tx.amount / 100}, expected ${c.currency} ${c.amount}`,
      );
      ctx.reportError?.('paystack: a payment did not match its checkout', { reference: c.reference.slice(0, 8) });
      return 'mismatch';
    }
    try {
      if ((await payCheckout(ctx, c.reference, true)) !== 'paid') return 'unsettled';
      // The card it was paid with may buy again by itself (auto top-up); an auto top-up's is that card.
      if (c.auto_topup !== 1) await keepPaymentMethod(ctx.db, c.profile_id, tx.authorization, ctx.now());
      return 'success';
    } catch (error) {
      // Paid meanwhile by the other of callback and webhook: the credits went in once.
      if (!(error instanceof Refusal)) throw error;
      const now = await findCheckout(ctx, c.reference);
      if (now?.status === 'paid') return 'success';
      if (now?.status === 'mismatch') return 'mismatch';
      throw error;
    }
  }
  if (tx.status === 'failed' || tx.status === 'reversed') {
    await closeUnpaid(ctx, c.reference, 'failed', note);
    return 'failed';
  }
  // 'abandoned' is a page the customer left; it stays payable until Paystack says otherwise, while
  // the reseller's credits stay reserved only until the link's time is up.
  await expireIfDue(ctx, c.reference);
  return tx.status === 'abandoned' ? 'cancelled' : 'pending';
}

/** The customer's return from Paystack: verify by reference with the seller's key, then settle. */
export async function confirmPaystackReturn(ctx: GatewayContext, base: string, reference: string) {
  const c = await findCheckout(ctx, reference);
  if (!c || c.provider !== 'paystack') return 'unknown';
  if (c.status === 'paid') return 'success';
  const secretKey = await secretKeyOf(ctx, c.seller_id);
  try {
    return await settlePaystack(ctx, c, await verifyTransaction(base, secretKey, reference));
  } catch (error) {
    // Not confirmed yet: the webhook (or the next return) settles it.
    if (error instanceof PaystackRefused || error instanceof PaystackUnreachable) return 'pending';
    throw error;
  }
}

/** x-paystack-signature: HMAC-SHA512 of the raw body with the secret key, in hex. */
export function signatureMatches(rawBody: Buffer, signature: string, secretKey: string): boolean {
  if (!secretKey || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export type WebhookResult = 'settled' | 'ignored' | 'forged';

/**
 * A Paystack event: the reference names the checkout, whose seller's key must have signed the
 * exact bytes; only then is a charge.success settled from its data.
 */
export async function handlePaystackEvent(
  ctx: GatewayContext,
  rawBody: Buffer,
  signature: string,
  event: { event: string; data: { reference?: unknown } },
): Promise<WebhookResult> {
  const reference = typeof event.data.reference === 'string' ? event.data.reference : '';
  const c = reference ? await findCheckout(ctx, reference) : undefined;
  if (!c || c.provider !== 'paystack') return 'ignored';
  if (!signatureMatches(rawBody, signature, await secretKeyOf(ctx, c.seller_id))) return 'forged';
  if (event.event !== 'charge.success') return 'ignored';
  const tx = event.data as Partial<VerifiedTransaction>;
  if (typeof tx.amount !== 'number' || typeof tx.currency !== 'string' || typeof tx.status !== 'string') {
    return 'ignored';
  }
  await settlePaystack(ctx, c, {
    status: tx.status,
    reference,
    amount: tx.amount,
    currency: tx.currency,
    authorization: tx.authorization ?? null,
  });
  return 'settled';
}
