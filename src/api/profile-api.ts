import { z } from './zod';
import { FRONTEND_PATH } from '../domain/api-paths';
import { request } from './http';
import { shownText as text } from '../domain/contract/fields';
import { UserInfoAnswerSchema } from '../domain/contract/user-info';
import type { AccountType } from '../domain/types';

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
