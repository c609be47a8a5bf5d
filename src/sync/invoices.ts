import { fetchInvoice, fetchInvoicePdf } from '../api/invoice-api';
import { currentAccount } from '../db/session-store';

// A payment's invoice (docs/product.md#invoices): read from the gateway when opened, never kept on the device.

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

export async function invoiceOf(paymentId: string) {
  const { token, profileId } = await signedIn();
  return fetchInvoice(token, profileId, paymentId);
}

export async function invoicePdfOf(paymentId: string): Promise<Uint8Array> {
  const { token, profileId } = await signedIn();
  return new Uint8Array(await (await fetchInvoicePdf(token, profileId, paymentId)).arrayBuffer());
}
