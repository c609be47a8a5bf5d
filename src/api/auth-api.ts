import { FETCH_USER, LOGIN, SIGNOUT } from '../domain/contract/auth';
import type { CallBody } from '../domain/contract/call';
import { callGateway } from './http';

/** login: the user info, or (two-step sign-in on or required) the challenge its second step answers. */
export async function login(body: CallBody<typeof LOGIN>) {
  const answer = await callGateway(LOGIN, { body: { humanKey: '', ...body } });
  return 'userInfo' in answer ? { user: answer.userInfo } : { twoStep: answer };
}

export async function fetchUser(token: string, profileId: number) {
  const answer = await callGateway(FETCH_USER, { auth: token, body: { profile_id: profileId } });
  return answer.userInfo;
}

export async function signOutCall(token: string, profileId: number): Promise<void> {
  await callGateway(SIGNOUT, { auth: token, body: { profile_id: profileId }, timeoutMs: 5000 });
}
