import { randomBytes } from 'node:crypto';
import type { Executor } from '../db/database';
import { yieldToLoop } from '../core/event-loop';
import { OPT_OUT_CODE_ALPHABET, OPT_OUT_CODE_LENGTH, isOptOutCode } from '../../../src/domain/numbers/opt-out';

/**
 * Opt-out links' codes: one per (account, number), made the first time a send with a link goes to
 * that number and reused after, so one code opts that number out of that account only. Codes are
 * OPT_OUT_CODE_LENGTH letters and digits from crypto random (62^8 ≈ 2 x 10^14: walking them finds
 * nothing), each letter equally likely.
 */

const CHUNK = 500;
/** 248 = 4 x 62: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_BELOW = 248;

export function newOptOutCode(): string {
  let out = '';
  while (out.length < OPT_OUT_CODE_LENGTH) {
    for (const byte of randomBytes(OPT_OUT_CODE_LENGTH * 2)) {
      if (byte < UNBIASED_BELOW && out.length < OPT_OUT_CODE_LENGTH) out += OPT_OUT_CODE_ALPHABET[byte % 62];
    }
  }
  return out;
}

/** The codes of an account's numbers (canonical), made where missing. */
export async function linkCodes(
  db: Executor,
  profileId: number,
  numbers: readonly string[],
  now: number,
): Promise<Map<string, string>> {
  const unique = [...new Set(numbers)];
  const codes = new Map<string, string>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    if (i > 0 && i % (CHUNK * 10) === 0) await yieldToLoop();
    const chunk = unique.slice(i, i + CHUNK);
    // A clash of two fresh codes (one in 10^14) or a racing twin: the conflict keeps the first.
    await db
      .insertInto('optout_links')
      .values(chunk.map((number) => ({ code: newOptOutCode(), profile_id: profileId, number, created_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const rows = await db
      .selectFrom('optout_links')
      .select(['number', 'code'])
      .where('profile_id', '=', profileId)
      .where('number', 'in', chunk)
      .execute();
    for (const r of rows) codes.set(r.number, r.code);
  }
  const missing = unique.filter((n) => !codes.has(n));
  // Only a code clash leaves one out: try those again with new codes.
  if (missing.length > 0) for (const [n, c] of await linkCodes(db, profileId, missing, now)) codes.set(n, c);
  return codes;
}

/** The link of a code, or undefined (a malformed code is never looked up). */
export async function linkOf(db: Executor, code: string) {
  if (!isOptOutCode(code)) return undefined;
  return db.selectFrom('optout_links').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Notes that a link was confirmed (the first time). */
export async function markLinkUsed(db: Executor, code: string, now: number) {
  await db
    .updateTable('optout_links')
    .set({ used_at: now })
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .execute();
}
