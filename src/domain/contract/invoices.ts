// The invoice of a confirmed purchase (docs/product.md#invoices): as data for the app's printable page,
// and as a PDF. Its buyer reads it, and so does the seller that issued it.
import { z } from './zod';
import { frontendCall } from './call';
import { num, profileId, shownText as text } from './fields';

const invoiceBody = z.object({ profile_id: profileId, paymentid: z.string().trim().min(1).max(100) });

export const InvoiceSchema = z.object({
  number: text,
  issuedAt: text,
  paymentId: text,
  seller: z.object({ name: text, host: text, tin: text }),
  buyer: z.object({ name: text, phone: text, email: text }),
  credits: num,
  currency: text,
  includesTax: z.boolean(),
  taxLaw: text,
  rates: z.object({ vat: num, nhil: num, getfund: num }),
  base: num,
  vat: num,
  nhil: num,
  getfund: num,
  total: num,
});

/** invoice: the invoice of one of the caller's payments (or one it issued); 404 when none was issued. */
export const INVOICE = frontendCall(
  'invoice',
  { who: 'user', touches: 'self', needs: 'billing' },
  invoiceBody,
  InvoiceSchema,
);

/** invoice-pdf: the same invoice as an A4 PDF (application/pdf), to save or print. */
export const INVOICE_PDF = frontendCall(
  'invoice-pdf',
  { who: 'user', touches: 'self', needs: 'billing' },
  invoiceBody,
  z.unknown(),
);
