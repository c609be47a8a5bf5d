import type { Executor } from '../db/database';
import type { DomainRow, UserRow } from '../db/schema-core';
import { queueMail } from '../mail/outbox';
import { formatAccra } from '../../../src/domain/dates';

export interface ConfirmedPurchase {
  paymentid: string;
  credits: number;
  amount: number;
  currency: string;
  balance: number;
  at: number;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
const money = (amount: number, currency: string) =>
  `${currency} ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The receipt's text: what was bought, from whom, for how much, and the balance it left. */
export function purchaseReceiptText(buyer: Pick<UserRow, 'username'>, seller: string, p: ConfirmedPurchase) {
  const subject = `Payment received: ${whole(p.credits)} SMS credits`;
  const text = [
    `Hello ${buyer.username},`,
    '',
    `Thank you for your payment to ${seller}. Your credits are ready to use.`,
    '',
    `Payment:  ${p.paymentid}`,
    `Date:     ${formatAccra(p.at)} (Accra)`,
    `Credits:  ${whole(p.credits)}`,
    `Paid:     ${money(p.amount, p.currency)}`,
    `Balance:  ${whole(p.balance)} credits`,
    '',
    'Your purchase history lists every payment.',
  ].join('\n');
  return { subject, text };
}

/**
 * Writes the buyer's receipt of a confirmed purchase, in the purchase's own transaction: from the
 * selling domain's brand (docs/deployment.md#e-mail), to the buyer's address, if it has one.
 */
export async function queuePurchaseReceipt(
  trx: Executor,
  buyer: Pick<UserRow, 'profile_id' | 'username' | 'email'>,
  domain: Pick<DomainRow, 'companyname'> | undefined,
  purchase: ConfirmedPurchase,
): Promise<void> {
  const seller = domain?.companyname || 'SMS credit';
  await queueMail(
    trx,
    {
      profileId: buyer.profile_id,
      kind: 'purchase-receipt',
      to: buyer.email,
      fromName: seller,
      ...purchaseReceiptText(buyer, seller, purchase),
    },
    purchase.at,
  );
}
