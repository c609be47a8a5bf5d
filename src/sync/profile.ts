import { changeAccountType, changeApiKey, requestSenderIds } from '../api/profile-api';
import { currentAccount, saveUser } from '../db/session-store';
import type { AccountType } from '../domain/types';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, user: account.user };
}

/** Asks for approval of sender IDs; the stored user (pending list) follows at once. */
export async function askForSenderIds(ids: readonly string[]): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await requestSenderIds(token, user.profile_id, ids));
}

export async function switchAccountType(accountType: AccountType): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await changeAccountType(token, user.profile_id, accountType));
}

/** A new API key: the old one stops working; the key is returned to show once, never stored. */
export async function newApiKey(): Promise<string> {
  const { token, user } = await signedIn();
  return changeApiKey(token, user.profile_id, user.username);
}
