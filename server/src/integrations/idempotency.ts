import type { Executor } from '../db/database';
import type { ApiMode } from '../db/schema-integrations';
import { apiRefusal } from './api-refusal';
import type { SendAnswerV1 } from './schemas';

/** Answers are kept this long: a retry comes within minutes, a day covers any outage of the caller's. */
export const API_ANSWER_RETENTION_MS = 24 * 3_600_000;

/**
 * The answer already given for this Idempotency-Key (docs/api-v1.md#idempotency), null when none;
 * the key reused with another body is a 409.
 */
export async function storedAnswer(
  db: Executor,
  profileId: number,
  mode: ApiMode,
  key: string,
  bodyHash: string,
): Promise<SendAnswerV1 | null> {
  const row = await db
    .selectFrom('api_idempotency')
    .select(['body_hash', 'answer'])
    .where('profile_id', '=', profileId)
    .where('mode', '=', mode)
    .where('idem_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.body_hash !== bodyHash)
    throw apiRefusal(
      409,
      'idempotency_key_reused',
      'This Idempotency-Key was used with another request body: use a new key for a new request',
      'Idempotency-Key',
    );
  return JSON.parse(row.answer) as SendAnswerV1;
}

export async function rememberAnswer(
  db: Executor,
  profileId: number,
  mode: ApiMode,
  key: string,
  bodyHash: string,
  answer: SendAnswerV1,
  now: number,
): Promise<void> {
  await db
    .insertInto('api_idempotency')
    .values({
      profile_id: profileId,
      mode,
      idem_key: key,
      body_hash: bodyHash,
      answer: JSON.stringify(answer),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['profile_id', 'mode', 'idem_key']).doNothing())
    .execute();
}

/** Drops answers past their retention (the hourly sweep). */
export async function pruneApiAnswers(db: Executor, now: number): Promise<void> {
  await db
    .deleteFrom('api_idempotency')
    .where('created_at', '<', now - API_ANSWER_RETENTION_MS)
    .execute();
}
