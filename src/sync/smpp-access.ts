import { fetchSmppAccess, sendSmppAccess } from '../api/smpp-access-api';
import { currentAccount } from '../db/session-store';
import { readSmppAccess, saveSmppAccess } from '../db/smpp-access-store';
import type { SmppAccess, UpdateSmppAccessBody } from '../domain/account/smpp-access';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

/** The SMPP access stored on the device for this account, or null. */
export const storedSmppAccess = (profileId: number) => readSmppAccess(profileId);

/** Fetches the SMPP access and keeps it on the device. */
export async function loadSmppAccess(): Promise<SmppAccess> {
  const { token, profileId } = await signedIn();
  const access = await fetchSmppAccess(token);
  saveSmppAccess(profileId, access);
  return access;
}

/** Changes it; the answer is kept without its password, which is returned to show once. */
export async function changeSmppAccess(body: UpdateSmppAccessBody): Promise<{ access: SmppAccess; password?: string }> {
  const { token, profileId } = await signedIn();
  const { password, ...access } = await sendSmppAccess(token, body);
  saveSmppAccess(profileId, access);
  return { access, ...(password ? { password } : {}) };
}
