import { checkSupplierCredit, paymentLink } from '../api/purchase-api';
import { currentAccount } from '../db/session-store';
import { safePaymentUrl } from '../domain/navigation/safe-url';

/** The payment page's address, which the gateway gave but the app checks before leaving for it. */
export const UNSAFE_PAYMENT_PAGE =
  'The payment page address was not accepted; please try again or contact your provider';

/**
 * A purchase (docs/product.md#buying-credit): check the supervisor's credit, then get a payment link; answers the checked
 * address of the payment page for the screen to go to.
 */
export async function startPurchase(amount: string, pageOrigin: string): Promise<string> {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  const { token } = account.session;
  const profileId = account.user.profile_id;
  await checkSupplierCredit(token, profileId, amount);
  const link = safePaymentUrl(await paymentLink(token, profileId, amount), pageOrigin);
  if (!link) throw new Error(UNSAFE_PAYMENT_PAGE);
  return link;
}
