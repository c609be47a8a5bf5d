import type { SendItem } from '../domain/types';
import { callGateway } from './http';
import { ApiFailure } from './api-failure';
import { INVALID_TOKEN, TRY_AGAIN } from '../domain/alerts';
import { SEND, type SendAnswer } from '../domain/contract/send';

export type { SendAnswer };

export interface SendOptions {
  /** `<jobId>:<from>-<to>` (docs/api.md#idempotency-key-and-batches): the gateway accepts each recipient of a job once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** POST sendsms with an API key, or (the PWA's own outbox) the session token. */
export async function sendSms(
  credential: string,
  items: readonly SendItem[],
  options: SendOptions = {},
): Promise<SendAnswer> {
  const result = await callGateway(SEND, {
    auth: credential,
    body: { messageobject: [...items] },
    headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  if (result.refusal) {
    const { status, message } = result.refusal;
    if (message === INVALID_TOKEN) throw new ApiFailure('invalid-token', message, 200, 'failed');
    throw new ApiFailure('refused', message || TRY_AGAIN, 200, status);
  }
  return result.answer;
}
