import { fetchStatement } from '../api/statement-api';
import { saveStatement } from '../db/statement-store';
import { currentAccount } from '../db/session-store';

// Statements (docs/product.md#statements): fetched into the device when shown, so the months last
// viewed read offline; the screen reads the stored copy.

/** Fetches a month of the account's statement, or (an admin) of its client's, into the device. */
export async function refreshStatement(month: string, clientId: number | null): Promise<void> {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  const { token } = account.session;
  const profileId = account.user.profile_id;
  await saveStatement(profileId, await fetchStatement(token, profileId, month, clientId), Date.now());
}
