import {
  changeAccountType,
  changeApiKey,
  changeOwnPassword,
  confirmPhone,
  requestSenderIds,
  sendPhoneCode,
  updateAccountDetails,
  type OwnerProof,
} from '../api/profile-api';
import { compactPhone, type PasswordChange } from '../domain/account/own-account';
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

/** Saves the e-mail and company (a new e-mail with the owner's proof); the stored user follows the answer. */
export async function saveAccountDetails(details: { email: string; companyname: string } & OwnerProof): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await updateAccountDetails(token, user.profile_id, details));
}

/** Asks for a code texted to the new number. */
export async function askPhoneCode(phone: string): Promise<void> {
  const { token, user } = await signedIn();
  await sendPhoneCode(token, user.profile_id, compactPhone(phone));
}

/** Takes the new number with its code and the owner's proof; the stored user follows the answer. */
export async function takeNewPhone(phone: string, code: string, proof: OwnerProof): Promise<void> {
  const { token, user } = await signedIn();
  await saveUser(await confirmPhone(token, user.profile_id, compactPhone(phone), code.trim(), proof));
}

/**
 * A new password given the current one (with `endCredentials`, every API key and the SMPP password end
 * too); the gateway's message says what ended.
 */
export async function changePassword(change: PasswordChange, endCredentials = false): Promise<string> {
  const { token, user } = await signedIn();
  return changeOwnPassword(token, user.profile_id, change, endCredentials);
}
