import { z } from './zod';
import { FRONTEND_PATH, OWN_ACCOUNT_CALLS } from '../domain/api-paths';
import { request } from './http';
import { shownText as text } from '../domain/contract/fields';
import { UserInfoAnswerSchema } from '../domain/contract/user-info';
import type { AccountType } from '../domain/types';
import type { PasswordChange } from '../domain/own-account';

/** senderidrequest: the IDs join the pending list; answers the updated user info. */
export async function requestSenderIds(token: string, profileId: number, ids: readonly string[]) {
  const answer = await request({
    path: `${FRONTEND_PATH}senderidrequest`,
    auth: token,
    body: { profile_id: profileId, pendingsenderid: ids.join(',') },
    schema: UserInfoAnswerSchema,
  });
  return answer.userInfo;
}

/** changeaccountype (the wire's spelling). */
export async function changeAccountType(token: string, profileId: number, accountType: AccountType) {
  const answer = await request({
    path: `${FRONTEND_PATH}changeaccountype`,
    auth: token,
    body: { profile_id: profileId, accountType },
    schema: UserInfoAnswerSchema,
  });
  return answer.userInfo;
}

/** changeapikey: the new key, shown this once (the gateway keeps only its hash). */
export async function changeApiKey(token: string, profileId: number, username: string): Promise<string> {
  const answer = await request({
    path: `${FRONTEND_PATH}changeapikey`,
    auth: token,
    body: { profile_id: profileId, username },
    schema: z.object({ apikey: text.pipe(z.string().min(1)) }),
  });
  return answer.apikey;
}

const ownCall = (name: string) => `${FRONTEND_PATH}${name}`;
const DoneAnswer = z.object({ status: text, message: text });

/** updateprofile: the account's e-mail and company name. */
export async function updateAccountDetails(
  token: string,
  profileId: number,
  details: { email: string; companyname: string },
) {
  const answer = await request({
    path: ownCall(OWN_ACCOUNT_CALLS.details),
    auth: token,
    body: { profile_id: profileId, ...details },
    schema: UserInfoAnswerSchema,
  });
  return answer.userInfo;
}

/** sendphonecode: a code texted to the new number. */
export async function sendPhoneCode(token: string, profileId: number, phone: string): Promise<void> {
  await request({
    path: ownCall(OWN_ACCOUNT_CALLS.phoneCode),
    auth: token,
    body: { profile_id: profileId, phone },
    schema: DoneAnswer,
  });
}

/** changephone: the new number with the code texted to it. */
export async function confirmPhone(token: string, profileId: number, phone: string, code: string) {
  const answer = await request({
    path: ownCall(OWN_ACCOUNT_CALLS.phone),
    auth: token,
    body: { profile_id: profileId, phone, code },
    schema: UserInfoAnswerSchema,
  });
  return answer.userInfo;
}

/** changeownpassword: the gateway ends the account's other sessions; this one goes on. */
export async function changeOwnPassword(token: string, profileId: number, change: PasswordChange): Promise<string> {
  const answer = await request({
    path: ownCall(OWN_ACCOUNT_CALLS.password),
    auth: token,
    body: { profile_id: profileId, ...change },
    schema: DoneAnswer,
  });
  return answer.message;
}
