import type { Executor } from '../db/database';
import type { ApiMode } from '../db/schema-integrations';
import { apiRefusal } from './api-refusal';
import * as store from '../messaging/idempotency';
import type { SendAnswerV1 } from '../../../src/domain/api-v1/schemas';

// The API v1's Idempotency-Key (docs/api-v1.md#idempotency), in the one store of answers
// (messaging/idempotency.ts): a key is held per account and mode, for the body it was first sent with.

type KeyOf = { profileId: number; mode: ApiMode; key: string };

const reused = () =>
  apiRefusal(
    409,
    'idempotency_key_reused',
    'This Idempotency-Key was used with another request body: use a new key for a new request',
    'Idempotency-Key',
  );

/**
 * Takes an Idempotency-Key for this body: the answer already given when there is one, else null (the
 * request goes on; a twin with the same body may run beside it, the send path accepts each recipient
 * once). The key held for another body is a 409, even while that request runs.
 */
export async function claimKey(db: Executor, k: KeyOf, bodyHash: string, now: number): Promise<SendAnswerV1 | null> {
  const held = await store.claimKey(db, k, bodyHash, now);
  if (held.reused) throw reused();
  return held.answer === null ? null : (JSON.parse(held.answer) as SendAnswerV1);
}

/** Stores the answer of a claimed key; of two twins the first stored is everyone's, and is returned. */
export async function saveAnswer(
  db: Executor,
  k: KeyOf,
  bodyHash: string,
  answer: SendAnswerV1,
  now: number,
): Promise<SendAnswerV1> {
  const held = await store.saveClaimed(db, k, bodyHash, JSON.stringify(answer), now);
  if (held.reused || held.answer === null) throw reused();
  return JSON.parse(held.answer) as SendAnswerV1;
}

/** Frees a key whose request was refused, so it may be retried; a stored answer is kept. */
export const releaseKey = (db: Executor, k: KeyOf, bodyHash: string) => store.releaseKey(db, k, bodyHash);
