import type { AlertSeverity } from '../alerts';

// How a purchase ended, as the gateway tells the purchase page (/purchasesms?payment=...) when the
// customer comes back from the payment page, and what the page says of it.

export const PAYMENT_OUTCOMES = [
  'success',
  'failed',
  'cancelled',
  'pending',
  'mismatch',
  'unsettled',
  'unknown',
] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The query field of /purchasesms that carries the outcome. */
export const PAYMENT_OUTCOME_PARAM = 'payment';

export const isPaymentOutcome = (value: string | null): value is PaymentOutcome =>
  (PAYMENT_OUTCOMES as readonly (string | null)[]).includes(value);

/** What the purchase page says, with the alert's severity (docs/product.md#buying-credit). */
export const PAYMENT_OUTCOME_TEXT: Readonly<Record<PaymentOutcome, { severity: AlertSeverity; message: string }>> = {
  success: { severity: 'success', message: 'Payment received: your SMS credits have been added' },
  failed: { severity: 'error', message: 'The payment failed: no money was taken and no credits were added' },
  cancelled: { severity: 'warning', message: 'The payment was cancelled: no credits were added' },
  pending: {
    severity: 'info',
    message: 'Your payment is being confirmed: the credits are added as soon as Paystack confirms it',
  },
  mismatch: {
    severity: 'error',
    message: 'The payment did not match this purchase, so no credits were added: please contact your provider',
  },
  unsettled: {
    severity: 'error',
    message: 'Your payment was received, but your provider cannot supply the credits right now: please contact them',
  },
  unknown: { severity: 'warning', message: 'This payment is not known: please start a new purchase' },
};
