import type { DomainRow, UserRow } from '../db/schema-core';
import type { CheckoutRow } from '../db/schema-phonebook-payments';
import { addCredits } from '../money/balance';
import { recordAudit } from '../audit/audit-log';
import { publicPaymentId, recordPayment } from './records';
import { queuePurchaseReceipt } from './purchase-receipt';
import { invoiceView, issueInvoice } from './invoices';
import type { Trx } from './reservations';

/**
 * A paid checkout's credits, in its transaction: the buyer's balance and expiry, its payment and
 * audit records, its invoice (numbered in this transaction) and receipt by e-mail with the invoice's PDF, and the referrer's bonus when one is due.
 */
export async function creditPurchase(
  trx: Trx,
  c: CheckoutRow,
  buyer: UserRow,
  domain: DomainRow | undefined,
  referral: { referrer: UserRow; bonus: number } | null,
  now: number,
): Promise<void> {
  const paymentid = publicPaymentId('PAY', c.reference);
  const ref = { kind: 'checkout', id: c.reference } as const;
  const reason = c.auto_topup === 1 ? 'auto_topup' : 'purchase';
  // The member who opened the checkout bought (docs/product.md#who-did-what), whoever confirms it.
  const bought = { reason, ref, actor: buyer.profile_id, at: now, member: c.member_id } as const;
  const balances = await addCredits(trx, buyer.profile_id, c.credits, bought, { extendYears: c.expiry_years });
  await recordPayment(trx, {
    paymentid,
    profile_id: buyer.profile_id,
    kind: 'paystack',
    amount: c.amount,
    currency: c.currency,
    date: now,
    ...balances,
    balanceadded: c.credits,
    paymentassist: '',
    description: c.title || 'SMS credit purchase',
  });
  // Bought by card: the buyer acted; the confirmation may come from Paystack, not from the buyer's device.
  await recordAudit(trx, {
    at: now,
    actor: buyer,
    member: c.member_id,
    action: 'credit_bought',
    source: { ip: '', userAgent: '' },
    details: {
      credits: c.credits,
      amount: c.amount,
      currency: c.currency,
      payment: paymentid,
      balanceBefore: balances.previousbalance,
      balanceAfter: balances.newbalance,
    },
  });
  const invoice = invoiceView(await issueInvoice(trx, c, buyer, domain, paymentid, now));
  await queuePurchaseReceipt(trx, buyer, domain, { ...c, paymentid, balance: balances.newbalance, at: now, invoice });
  if (referral) {
    const { referrer, bonus } = referral;
    const bonusWhy = { reason: 'referral', ref, actor: buyer.profile_id, at: now, member: null } as const;
    const referrerBalances = await addCredits(trx, referrer.profile_id, bonus, bonusWhy, null);
    await recordPayment(trx, {
      paymentid: publicPaymentId('REF', c.reference),
      profile_id: referrer.profile_id,
      kind: 'referral',
      amount: 0,
      currency: c.currency,
      date: now,
      ...referrerBalances,
      balanceadded: bonus,
      paymentassist: '',
      description: `Referral bonus for a purchase by ${buyer.username}`,
    });
  }
}
