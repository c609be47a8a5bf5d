import type { Executor } from '../db/database';
import { sha256 } from '../auth/tokens';

import type { SendAnswer } from '../../../src/domain/contract/send';

export type { SendAnswer };

/**
 * A key as stored: its SHA-256, never the key. A key holds what its sender wrote in it (a phone number,
 * for a sender of the API that chose so) and an erasure must leave none of it
 * (docs/compliance.md#a-persons-data); a repeat of the key still finds its answer.
 */
const storedKey = (key: string) => sha256(key);

export async function storedAnswer(db: Executor, profileId: number, key: string): Promise<SendAnswer | null> {
  const row = await db
    .selectFrom('send_answers')
    .select('answer')
    .where('profile_id', '=', profileId)
    .where('idem_key', '=', storedKey(key))
    .executeTakeFirst();
  return row ? (JSON.parse(row.answer) as SendAnswer) : null;
}

export async function rememberAnswer(db: Executor, profileId: number, key: string, answer: SendAnswer, now: number) {
  await db
    .insertInto('send_answers')
    .values({ profile_id: profileId, idem_key: storedKey(key), answer: JSON.stringify(answer), created_at: now })
    .onConflict((oc) => oc.columns(['profile_id', 'idem_key']).doNothing())
    .execute();
}

/** Answers are kept 30 days, far longer than a send's batches take to arrive; the per-recipient memory itself is kept for good. */
export const ANSWER_RETENTION_MS = 30 * 24 * 3600 * 1000;

export async function pruneAnswers(db: Executor, now: number): Promise<void> {
  await db
    .deleteFrom('send_answers')
    .where('created_at', '<', now - ANSWER_RETENTION_MS)
    .execute();
}
