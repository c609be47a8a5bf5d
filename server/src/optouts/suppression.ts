import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import type { OptOutRow } from '../db/schema-optouts';
import { anyColumnLike, pageOf, pageWindow } from '../db/queries';
import { notFound, refuse } from '../core/errors';
import { forEachInSteps, yieldToLoop } from '../core/event-loop';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import {
  MAX_OPT_OUT_NUMBERS,
  MAX_REMOVAL_REASON,
  optOutNumber,
  type OptOutReason,
} from '../../../src/domain/numbers/opt-out';

/**
 * Each account's suppression list (docs/compliance.md): a number on it receives nothing more from
 * that account by any path. Numbers are kept canonical (src/domain/phone-number.ts), so '0244...',
 * '233244...' and '+233 244...' are one person. Every addition and removal is logged in optout_log.
 */

const CHUNK = 500;
/** Numbers made canonical between two yields to the event loop. */
const UNIQUE_STEP = 5000;

/** Whether an account has any opt-out: most have none, and then nothing else need be read. */
export async function hasOptOuts(db: Executor, profileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('optouts')
    .select('id')
    .where('profile_id', '=', profileId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these numbers (written any way) are on the account's list: their canonical forms. */
export async function suppressedAmong(
  db: Executor,
  profileId: number,
  numbers: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  if (numbers.length === 0 || !(await hasOptOuts(db, profileId))) return found;
  // In steps: 100,000 numbers made canonical and unique take tens of milliseconds.
  const unique = new Set<string>();
  await forEachInSteps(numbers, UNIQUE_STEP, (n) => unique.add(canonicalPhone(n)));
  const wanted = [...unique];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    if (i > 0 && i % (CHUNK * 10) === 0) await yieldToLoop();
    const rows = await db
      .selectFrom('optouts')
      .select('number')
      .where('profile_id', '=', profileId)
      .where('number', 'in', wanted.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.add(r.number);
  }
  return found;
}

export interface AddOutcome {
  /** Numbers newly on the list. */
  added: number;
  /** Numbers that were on it already. */
  already: number;
  /** Entries that are not phone numbers, as written, left out (only when asked to leave them out). */
  leftOut: string[];
}

/**
 * Puts numbers on an account's list (once each: a number already there keeps its first reason and
 * date). Every number must be a phone number, or nothing is added; with `leaveOutBad` (numbers typed in the
 * app) the phone numbers are added and the other entries answered as left out, unless none is a number.
 */
export async function suppress(
  db: Executor,
  profileId: number,
  numbers: readonly string[],
  reason: OptOutReason,
  by: number,
  now: number,
  note = '',
  leaveOutBad = false,
): Promise<AddOutcome> {
  if (numbers.length === 0) throw refuse('Please enter at least one phone number');
  if (numbers.length > MAX_OPT_OUT_NUMBERS) {
    throw refuse(`Too many numbers: at most ${MAX_OPT_OUT_NUMBERS.toLocaleString('en-US')} at a time`);
  }
  const canonical: string[] = [];
  const leftOut: string[] = [];
  let firstBad = '';
  for (const [i, written] of numbers.entries()) {
    const number = optOutNumber(written);
    if (number) canonical.push(number);
    else {
      firstBad ||= `'${written.slice(0, 30)}' (number ${i + 1}) is not a phone number: nothing was added`;
      if (!leaveOutBad) throw refuse(firstBad);
      leftOut.push(written);
    }
  }
  if (canonical.length === 0) throw refuse(firstBad);
  const unique = [...new Set(canonical)];
  let added = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    if (i > 0 && i % (CHUNK * 10) === 0) await yieldToLoop();
    const rows = await db
      .insertInto('optouts')
      .values(
        unique.slice(i, i + CHUNK).map((number) => ({
          profile_id: profileId,
          number,
          reason,
          note,
          created_by: by,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['profile_id', 'number']).doNothing())
      .returning('number')
      .execute();
    if (rows.length > 0) {
      await db
        .insertInto('optout_log')
        .values(
          rows.map((r) => ({
            profile_id: profileId,
            number: r.number,
            action: 'added' as const,
            reason,
            by_profile_id: by,
            created_at: now,
          })),
        )
        .execute();
    }
    added += rows.length;
  }
  return { added, already: unique.length - added, leftOut };
}

/** `suppress` in a transaction of its own: an import adds all its numbers or none. */
export const suppressAll = (db: Db, ...args: Parameters<typeof suppress> extends [Executor, ...infer R] ? R : never) =>
  db.transaction().execute((trx) => suppress(trx, ...args));

/** Takes a number off an account's list, only with a stated reason (the person opted in again), logged. */
export async function unsuppress(
  db: Executor,
  profileId: number,
  written: string,
  reason: string,
  by: number,
  now: number,
): Promise<void> {
  const number = optOutNumber(written);
  if (!number) throw refuse(`'${written.slice(0, 30)}' is not a phone number`);
  const why = reason.trim();
  if (!why) throw refuse('Please say why this number may receive messages again (for example: opted in again)');
  if (why.length > MAX_REMOVAL_REASON) throw refuse(`The reason is too long: at most ${MAX_REMOVAL_REASON} characters`);
  const removed = await db
    .deleteFrom('optouts')
    .where('profile_id', '=', profileId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound(`${number} is not on your opt-out list`);
  await db
    .insertInto('optout_log')
    .values({ profile_id: profileId, number, action: 'removed', reason: why, by_profile_id: by, created_at: now })
    .execute();
}

/** A page of an account's list, newest first; the search matches the number (any way written) or reason. */
export async function listOptOuts(db: Executor, profileId: number, search: string, pageNum: number) {
  const { offset, limit } = pageWindow(pageNum);
  let query = db.selectFrom('optouts').selectAll().where('profile_id', '=', profileId);
  const wanted = search.trim();
  if (wanted) {
    const digits = /^[\d\s+().-]+$/.test(wanted) ? canonicalPhone(wanted) : '';
    query = query.where((eb) =>
      eb.or([
        anyColumnLike(['number', 'reason', 'note'], wanted),
        ...(digits ? [anyColumnLike(['number'], digits.replace(/^233/, ''))] : []),
      ]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  const total = await countOf(db, profileId);
  return { ...pageOf(rows), total };
}

/** Every number on an account's list (the app's offline copy and the export), oldest first. */
export async function allOptOuts(db: Executor, profileId: number): Promise<OptOutRow[]> {
  return db.selectFrom('optouts').selectAll().where('profile_id', '=', profileId).orderBy('id').execute();
}

async function countOf(db: Executor, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('optouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An admin's clients with opt-outs, and how many each has, most first. */
export async function clientCounts(db: Executor, supervisorId: number) {
  const rows = await db
    .selectFrom('optouts')
    .innerJoin('users', 'users.profile_id', 'optouts.profile_id')
    .select(['optouts.profile_id', 'users.username', sql<number>`count(*)`.as('n')])
    .where('users.supid', '=', supervisorId)
    .groupBy(['optouts.profile_id', 'users.username'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('users.username')
    .execute();
  return rows.map((r) => ({ profile_id: r.profile_id, username: r.username, count: Number(r.n) }));
}

/** A number on the list as the API answers it. */
export const optOutView = (row: OptOutRow) => ({
  id: row.id,
  number: row.number,
  reason: row.reason,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
});

/** A page of an account's list, newest first, before a row id (the API's cursor); one more row tells whether more follow. */
export async function optOutsBefore(db: Executor, profileId: number, beforeId: number | undefined, limit: number) {
  let query = db.selectFrom('optouts').selectAll().where('profile_id', '=', profileId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
