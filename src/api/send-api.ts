import { z } from './zod';
import type { SendItem } from '../domain/types';
import { request } from './http';
import { ApiFailure } from './api-failure';
import { num, requiredNum, shownText as text } from '../domain/contract/fields';
import { INVALID_TOKEN, TRY_AGAIN } from '../domain/alerts';

import { SEND_PATH } from '../domain/api-paths';

/** The sendsms answer (docs/api.md#sends): the balances are required, so a malformed answer never zeroes the stored ones. */
const SendAnswerSchema = z.looseObject({
  message: text,
  creditbalance: requiredNum,
  internationalcreditbalance: requiredNum,
  message_id: num,
});
export type SendAnswer = z.infer<typeof SendAnswerSchema>;

// A gateway may refuse with HTTP 200 and the outcome in `error` (docs/api.md#answers-and-errors).
const RefusalSchema = z.object({ error: z.object({ status: z.enum(['failed', 'error']), message: text }) });
const SendResultSchema = z.union([
  RefusalSchema.transform((r) => ({ refusal: r.error, answer: null })),
  SendAnswerSchema.transform((answer) => ({ refusal: null, answer })),
]);

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
  const result = await request({
    path: SEND_PATH,
    auth: credential,
    body: { messageobject: items },
    schema: SendResultSchema,
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
