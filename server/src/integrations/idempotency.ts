import type { Executor } from '../db/database';
import type { ApiMode } from '../db/schema-integrations';
import { sha256 } from '../auth/tokens';
import { apiRefusal } from './api-refusal';
import type { SendAnswerV1 } from '../../../src/domain/api-v1/schemas';

/** Answers are kept this long: a retry comes within minutes, a day covers any outage of the caller's. */
export const API_ANSWER_RETENTION_MS = 24 * 3_600_000;

/** The answer column of a key whose request is still being answered. */
const PENDING = '';

type KeyOf = { profileId: number; mode: ApiMode; key: string };

/**
 * A key as stored: its SHA-256, never the key. An integrator may write anything in a key (a phone
 * number among them) and an erasure must leave none of it (docs/compliance.md#a-persons-data); a
 * repeat of the key still finds its answer.
 */
export const storedKey = (key: string) => sha256(key);

const row = (db: Executor, k: KeyOf) =>
  db
    .selectFrom('api_idempotency')
    .select(['body_hash', 'answer'])
    .where('profile_id', '=', k.profileId)
    .where('mode', '=', k.mode)
    .where('idem_key', '=', storedKey(k.key))
    .executeTakeFirst();

const reused = () =>
  apiRefusal(
    409,
    'idempotency_key_reused',
    'This Idempotency-Key was used with another request body: use a new key for a new request',
    'Idempotency-Key',
  );

/**
 * Takes an Idempotency-Key for this body (docs/api-v1.md#idempotency): the answer already given when
 * there is one, else null (the request goes on; a twin with the same body may run beside it, the send
 * path accepts each recipient once). The key held for another body is a 409, even while that request runs.
 */
export async function claimKey(db: Executor, k: KeyOf, bodyHash: string, now: number): Promise<SendAnswerV1 | null> {
  await db
    .insertInto('api_idempotency')
    .values({
      profile_id: k.profileId,
      mode: k.mode,
      idem_key: storedKey(k.key),
      body_hash: bodyHash,
      answer: PENDING,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['profile_id', 'mode', 'idem_key']).doNothing())
    .execute();
  const held = await row(db, k);
  if (held && held.body_hash !== bodyHash) throw reused();
  return held && held.answer !== PENDING ? (JSON.parse(held.answer) as SendAnswerV1) : null;
}

/** Stores the answer of a claimed key; of two twins the first stored is everyone's, and is returned. */
export async function saveAnswer(
  db: Executor,
  k: KeyOf,
  bodyHash: string,
  answer: SendAnswerV1,
  now: number,
): Promise<SendAnswerV1> {
  await db
    .insertInto('api_idempotency')
    .values({
      profile_id: k.profileId,
      mode: k.mode,
      idem_key: storedKey(k.key),
      body_hash: bodyHash,
      answer: JSON.stringify(answer),
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['profile_id', 'mode', 'idem_key'])
        .doUpdateSet({ answer: JSON.stringify(answer) })
        .where('api_idempotency.answer', '=', PENDING)
        .where('api_idempotency.body_hash', '=', bodyHash),
    )
    .execute();
  const held = await row(db, k);
  if (!held || held.body_hash !== bodyHash) throw reused();
  return JSON.parse(held.answer) as SendAnswerV1;
}

/** Frees a key whose request was refused, so it may be retried; a stored answer is kept. */
export async function releaseKey(db: Executor, k: KeyOf, bodyHash: string): Promise<void> {
  await db
    .deleteFrom('api_idempotency')
    .where('profile_id', '=', k.profileId)
    .where('mode', '=', k.mode)
    .where('idem_key', '=', storedKey(k.key))
    .where('body_hash', '=', bodyHash)
    .where('answer', '=', PENDING)
    .execute();
}

/** Drops answers past their retention (the hourly sweep). */
export async function pruneApiAnswers(db: Executor, now: number): Promise<void> {
  await db
    .deleteFrom('api_idempotency')
    .where('created_at', '<', now - API_ANSWER_RETENTION_MS)
    .execute();
}
