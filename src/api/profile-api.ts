import { callGateway } from './http';
import type { AccountType } from '../domain/types';
import type { PasswordChange } from '../domain/account/own-account';
import {
  CHANGE_ACCOUNT_TYPE,
  CHANGE_API_KEY,
  CHANGE_OWN_PASSWORD,
  CHANGE_PHONE,
  REQUEST_SENDER_IDS,
  SEND_PHONE_CODE,
  UPDATE_DETAILS,
} from '../domain/contract/account';

/** senderidrequest: the IDs join the pending list; answers the updated user info. */
export async function requestSenderIds(token: string, profileId: number, ids: readonly string[]) {
  const body = { profile_id: profileId, pendingsenderid: ids.join(',') };
  return (await callGateway(REQUEST_SENDER_IDS, { auth: token, body })).userInfo;
}

/** changeaccountype (the wire's spelling). */
export async function changeAccountType(token: string, profileId: number, accountType: AccountType) {
  const body = { profile_id: profileId, accountType };
  return (await callGateway(CHANGE_ACCOUNT_TYPE, { auth: token, body })).userInfo;
}

/** changeapikey: the new key, shown this once (the gateway keeps only its hash). */
export async function changeApiKey(token: string, profileId: number, username: string): Promise<string> {
  const body = { profile_id: profileId, username };
  return (await callGateway(CHANGE_API_KEY, { auth: token, body })).apikey;
}

/** What a new e-mail or number asks beside the session: the current password, and the two-step code when on. */
export type OwnerProof = { currentPassword: string; twoStepCode: string };

/** updateprofile: the account's e-mail and company name (a new e-mail with the owner's proof). */
export async function updateAccountDetails(
  token: string,
  profileId: number,
  details: { email: string; companyname: string } & OwnerProof,
) {
  const body = { profile_id: profileId, ...details };
  return (await callGateway(UPDATE_DETAILS, { auth: token, body })).userInfo;
}

/** sendphonecode: a code texted to the new number. */
export async function sendPhoneCode(token: string, profileId: number, phone: string): Promise<void> {
  await callGateway(SEND_PHONE_CODE, { auth: token, body: { profile_id: profileId, phone } });
}

/** changephone: the new number with the code texted to it, and the owner's proof. */
export async function confirmPhone(token: string, profileId: number, phone: string, code: string, proof: OwnerProof) {
  const body = { profile_id: profileId, phone, code, ...proof };
  return (await callGateway(CHANGE_PHONE, { auth: token, body })).userInfo;
}

/**
 * changeownpassword: the gateway ends the account's other sessions (this one goes on), and with
 * `endCredentials` every API key and the SMPP password; its message says what ended.
 */
export async function changeOwnPassword(
  token: string,
  profileId: number,
  change: PasswordChange,
  endCredentials: boolean,
): Promise<string> {
  const body = { profile_id: profileId, ...change, endCredentials };
  return (await callGateway(CHANGE_OWN_PASSWORD, { auth: token, body })).message;
}
