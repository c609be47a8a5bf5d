import { z } from './zod';
import { FRONTEND_PATH } from '../domain/api-paths';
import { request } from './http';
import { UserInfoAnswerSchema } from './user-schema';

export interface LoginRequest {
  emailusername: string;
  password: string;
  domain: string;
  domain_supid: number;
  humanKey?: string;
}

export async function login(body: LoginRequest) {
  const answer = await request({
    path: `${FRONTEND_PATH}login`,
    body: { humanKey: '', ...body },
    schema: UserInfoAnswerSchema,
  });
  return answer.userInfo;
}

export async function fetchUser(token: string, profileId: number) {
  const answer = await request({
    path: `${FRONTEND_PATH}fetchuser`,
    auth: token,
    body: { profile_id: profileId },
    schema: UserInfoAnswerSchema,
  });
  return answer.userInfo;
}

export async function signOutCall(token: string, profileId: number): Promise<void> {
  await request({
    path: `${FRONTEND_PATH}signout`,
    auth: token,
    body: { profile_id: profileId },
    schema: z.unknown(),
    timeoutMs: 5000,
  });
}
