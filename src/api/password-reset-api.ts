import { ApiFailure } from './api-failure';
import { TRY_AGAIN } from '../domain/alerts';
import { endedCredentialsText } from '../domain/account/own-account';
import { callGateway } from './http';
import { CHANGE_PASSWORD, REQUEST_PASSWORD_RESET } from '../domain/contract/password-reset';

export async function requestPasswordReset(email: string, supid: number): Promise<void> {
  const answer = await callGateway(REQUEST_PASSWORD_RESET, { body: { email, supid } });
  if (!answer.passcodeSet) throw new ApiFailure('refused', answer.error?.message ?? TRY_AGAIN, 200);
}

/**
 * `email` lets the gateway count attempts against that one account (brute-force limit per account).
 * Answers what the reset ended beside the sessions in words ('' when nothing else, or an older gateway).
 */
export async function changePassword(body: {
  resetCode: string;
  newPassword: string;
  confirmNewPassword: string;
  email: string;
}): Promise<string> {
  const answer = await callGateway(CHANGE_PASSWORD, { body });
  if (!answer.passwordchanged) throw new ApiFailure('refused', answer.error?.message ?? TRY_AGAIN, 200);
  return answer.ended ? endedCredentialsText(answer.ended) : '';
}
