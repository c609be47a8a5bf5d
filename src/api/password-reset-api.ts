import { z } from './zod';
import { ApiFailure } from './api-failure';
import { FRONTEND_PATH } from '../domain/api-paths';
import { TRY_AGAIN } from '../domain/alerts';
import { request } from './http';

const ErrorField = z.object({ status: z.string().optional(), message: z.string().optional() }).nullish();

export async function requestPasswordReset(email: string, supid: number): Promise<void> {
  const answer = await request({
    path: `${FRONTEND_PATH}setpasswordreset`,
    body: { email, supid },
    schema: z.object({ passcodeSet: z.boolean().optional(), error: ErrorField }).passthrough(),
  });
  if (!answer.passcodeSet) throw new ApiFailure('refused', answer.error?.message ?? TRY_AGAIN, 200);
}

/** `email` lets the gateway count attempts against that one account (brute-force limit per account). */
export async function changePassword(body: {
  resetCode: string;
  newPassword: string;
  confirmNewPassword: string;
  email?: string;
}): Promise<void> {
  const answer = await request({
    path: `${FRONTEND_PATH}changepassword`,
    body,
    schema: z.object({ passwordchanged: z.boolean().optional(), error: ErrorField }).passthrough(),
  });
  if (!answer.passwordchanged) throw new ApiFailure('refused', answer.error?.message ?? TRY_AGAIN, 200);
}
