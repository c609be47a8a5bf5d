import { fetchAutoTopup, saveAutoTopup, type AutoTopupSettings } from '../api/auto-topup-api';
import { currentAccount } from '../db/session-store';

// Card auto top-up (docs/product.md#auto-top-up): read and changed online only, never kept on the device.

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

export async function loadAutoTopup() {
  const { token, profileId } = await signedIn();
  return fetchAutoTopup(token, profileId);
}

export async function changeAutoTopup(settings: AutoTopupSettings) {
  const { token, profileId } = await signedIn();
  return saveAutoTopup(token, profileId, settings);
}
