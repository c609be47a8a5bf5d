import type { Executor } from '../db/database';
import type { DomainRow, UserRow } from '../db/schema-core';
import { queueMail } from '../mail/outbox';
import { formatAccra } from '../../../src/domain/dates';
import { cedisText, taxRows, type Invoice } from '../../../src/domain/money/invoice';
import { invoicePdf } from './invoice-pdf';

export interface ConfirmedPurchase {
  paymentid: string;
  credits: number;
  amount: number;
  currency: string;
  balance: number;
  at: number;
  invoice?: Invoice;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');

/** The invoice's number and tax lines in the receipt; its PDF is attached. */
const invoiceLines = (invoice: Invoice) => [
  '',
  `Invoice:  ${invoice.number} (attached as a PDF)`,
  `Taxable value: ${cedisText(invoice.currency, invoice.base)}`,
  ...taxRows(invoice).map((row) => `${row.label}: ${cedisText(invoice.currency, row.amount)}`),
  `Total:    ${cedisText(invoice.currency, invoice.total)}`,
];

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
    `Paid:     ${cedisText(p.currency, p.amount)}`,
    `Balance:  ${whole(p.balance)} credits`,
    ...(p.invoice ? invoiceLines(p.invoice) : []),
    '',
    'Your purchase history lists every payment and its invoice.',
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
      attachments: purchase.invoice
        ? [
            {
              filename: `${purchase.invoice.number}.pdf`,
              contentType: 'application/pdf',
              content: await invoicePdf(purchase.invoice),
            },
          ]
        : [],
    },
    purchase.at,
  );
}
