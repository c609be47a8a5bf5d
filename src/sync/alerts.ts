import { setClientCap, setLowBalanceAlert, setQuietHours } from '../api/alerts-api';
import { saveDecidedClient } from '../db/client-store';
import { currentAccount, saveUser } from '../db/session-store';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, user: account.user };
}

/** Saves the alert level ('' turns alerts off); the stored user follows the answer. */
export async function saveAlertLevel(threshold: string): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await setLowBalanceAlert(token, user.profile_id, threshold.trim()));
}

/** Saves the account's quiet hours (start and end '' for no nightly window); the stored user follows the answer. */
export async function saveQuietHours(quiet: { start: string; end: string; sundays: boolean }): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await setQuietHours(token, user.profile_id, quiet));
}

/** An admin sets a client's monthly cap ('' for none); the stored client list follows the answer. */
export async function saveClientCap(clientProfileId: number, monthlycap: string): Promise<void> {
  const { token, user } = await signedIn();
  if (!user.isAdmin) throw new Error('Only an administrator can manage clients');
  const client = await setClientCap(token, {
    profileId: user.profile_id,
    clientProfileId,
    monthlycap: monthlycap.trim(),
  });
  await saveDecidedClient(user.profile_id, client);
}
