// An invoice of a purchase of credit as the app, the PDF and the e-mail show it (docs/product.md#invoices).
import { formatNumber } from '../numbers/number-format';

export interface Invoice {
  /** INV-000042: numbered without gaps per issuing account. */
  number: string;
  issuedAt: string;
  paymentId: string;
  seller: { name: string; host: string; tin: string };
  buyer: { name: string; phone: string; email: string };
  credits: number;
  currency: string;
  /** Whether the price paid included the taxes (else they were added to it). */
  includesTax: boolean;
  taxLaw: string;
  /** Basis points: 1500 is 15 %. */
  rates: { vat: number; nhil: number; getfund: number };
  /** Cedis: the taxable value, each tax, and what was paid. */
  base: number;
  vat: number;
  nhil: number;
  getfund: number;
  total: number;
}

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** 1500 → '15%', 250 → '2.5%'. */
export const percentOf = (basisPoints: number) => `${basisPoints / 100}%`;

/** The price of one credit before tax, to four decimals ('0.0292'). */
export const unitPrice = (invoice: Pick<Invoice, 'base' | 'credits'>) =>
  (invoice.credits > 0 ? invoice.base / invoice.credits : 0).toFixed(4);

/** The tax lines of an invoice, as each shows them: name with its rate, and the amount. */
export const taxRows = (invoice: Invoice): { label: string; amount: number }[] => [
  { label: `VAT ${percentOf(invoice.rates.vat)}`, amount: invoice.vat },
  { label: `NHIL ${percentOf(invoice.rates.nhil)}`, amount: invoice.nhil },
  { label: `GETFund ${percentOf(invoice.rates.getfund)}`, amount: invoice.getfund },
];

/** GHS 1,234.50 */
export const cedisText = (currency: string, amount: number) =>
  `${currency} ${formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
