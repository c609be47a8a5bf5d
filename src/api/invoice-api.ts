import { callGateway, requestFile } from './http';
import { pathFor } from '../domain/contract/call';
import { INVOICE, INVOICE_PDF } from '../domain/contract/invoices';

/** invoice: a payment's invoice (docs/product.md#invoices). */
export const fetchInvoice = (token: string, profileId: number, paymentid: string) =>
  callGateway(INVOICE, { auth: token, body: { profile_id: profileId, paymentid } });

/** invoice-pdf: the same invoice as a PDF file. */
export const fetchInvoicePdf = (token: string, profileId: number, paymentid: string) =>
  requestFile(
    { path: pathFor(INVOICE_PDF), auth: token, body: { profile_id: profileId, paymentid } },
    'application/pdf',
  );
