import type { Executor } from '../db/database';
import { sha256 } from '../auth/tokens';

import type { SendAnswer } from '../../../src/domain/contract/send';

export type { SendAnswer };

// The one store of the answers given to an Idempotency-Key (`idempotent_answers`): the app's send path's
// (sendsms, and the sends the API v1 makes through it: mode '') and the API v1's own (its key's mode, with
// the body's hash: integrations/idempotency.ts). A repeat of a key gets the first answer.

/**
 * A key as stored: its SHA-256, never the key. A key holds what its sender wrote in it (a phone number,
 * for a sender of the API that chose so) and an erasure must leave none of it
 * (docs/compliance.md#a-persons-data); a repeat of the key still finds its answer.
 */
export const storedKey = (key: string) => sha256(key);

/** The send path's keys have no mode of the API. */
const SEND_PATH = '';

/** The send path's answers are kept 30 days, far longer than a send's batches take to arrive; the per-recipient memory itself is kept for good. */
export const ANSWER_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** The API's are kept a day: a retry comes within minutes, a day covers any outage of the caller's. */
export const API_ANSWER_RETENTION_MS = 24 * 3_600_000;

/** The answer column of a key whose request is still being answered. */
const PENDING = '';

/** One key of one account in one mode ('' for the send path). */
export type HeldKey = { profileId: number; mode: string; key: string };

const heldRow = (db: Executor, k: HeldKey) =>
  db
    .selectFrom('idempotent_answers')
    .select(['body_hash', 'answer'])
    .where('profile_id', '=', k.profileId)
    .where('mode', '=', k.mode)
    .where('idem_key', '=', storedKey(k.key))
    .executeTakeFirst();

export async function storedAnswer(db: Executor, profileId: number, key: string): Promise<SendAnswer | null> {
  const row = await heldRow(db, { profileId, mode: SEND_PATH, key });
  return row ? (JSON.parse(row.answer) as SendAnswer) : null;
}

export async function rememberAnswer(db: Executor, profileId: number, key: string, answer: SendAnswer, now: number) {
  await db
    .insertInto('idempotent_answers')
    .values({
      profile_id: profileId,
      mode: SEND_PATH,
      idem_key: storedKey(key),
      answer: JSON.stringify(answer),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['profile_id', 'mode', 'idem_key']).doNothing())
    .execute();
}

/** What a key holds for a body: the answer given (JSON) or null while none is; `reused` when another body holds it. */
export type Claim = { answer: string | null; reused: boolean };

/** Takes a key for a request body, or finds what it already holds (docs/api-v1.md#idempotency). */
export async function claimKey(db: Executor, k: HeldKey, bodyHash: string, now: number): Promise<Claim> {
  await db
    .insertInto('idempotent_answers')
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
  const held = await heldRow(db, k);
  if (held && held.body_hash !== bodyHash) return { answer: null, reused: true };
  return { answer: held && held.answer !== PENDING ? held.answer : null, reused: false };
}

/** Stores the answer of a claimed key; of two twins the first stored is everyone's, and is returned. */
export async function saveClaimed(db: Executor, k: HeldKey, bodyHash: string, answer: string, now: number) {
  await db
    .insertInto('idempotent_answers')
    .values({
      profile_id: k.profileId,
      mode: k.mode,
      idem_key: storedKey(k.key),
      body_hash: bodyHash,
      answer,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['profile_id', 'mode', 'idem_key'])
        .doUpdateSet({ answer })
        .where('idempotent_answers.answer', '=', PENDING)
        .where('idempotent_answers.body_hash', '=', bodyHash),
    )
    .execute();
  const held = await heldRow(db, k);
  return !held || held.body_hash !== bodyHash ? { answer: null, reused: true } : { answer: held.answer, reused: false };
}

/** Frees a key whose request was refused, so it may be retried; a stored answer is kept. */
export async function releaseKey(db: Executor, k: HeldKey, bodyHash: string): Promise<void> {
  await db
    .deleteFrom('idempotent_answers')
    .where('profile_id', '=', k.profileId)
    .where('mode', '=', k.mode)
    .where('idem_key', '=', storedKey(k.key))
    .where('body_hash', '=', bodyHash)
    .where('answer', '=', PENDING)
    .execute();
}

/** Drops answers past their retention: the send path's after 30 days, the API's after one. */
export async function pruneAnswers(db: Executor, now: number): Promise<void> {
  await db
    .deleteFrom('idempotent_answers')
    .where((eb) =>
      eb.or([
        eb.and([eb('mode', '=', SEND_PATH), eb('created_at', '<', now - ANSWER_RETENTION_MS)]),
        eb.and([eb('mode', '<>', SEND_PATH), eb('created_at', '<', now - API_ANSWER_RETENTION_MS)]),
      ]),
    )
    .execute();
}
