import { sql } from 'kysely';
import { formatAccra, YEAR_MS } from '../../../src/domain/dates';
import { creditExpiryOf } from '../../../src/domain/account/permissions';
import { busy, insufficientCredit } from '../core/errors';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';

// The one module that changes an account's credit balance: every change is one conditional
// statement (never read-then-write), inside the caller's transaction.

const shown = (n: number) => String(Math.round(n * 100) / 100);

/** Takes credits only if the balance covers them, in one statement; false when it does not. */
export async function takeCredits(db: Executor, profileId: number, credits: number): Promise<boolean> {
  return (await takeWhole(db, profileId, credits)) !== null;
}

/** Takes the price of a send; when short, refuses with what it needs and what there is. */
export async function charge(db: Executor, profileId: number, credits: number, what = 'this send'): Promise<void> {
  if (credits <= 0 || (await takeCredits(db, profileId, credits))) return;
  const { creditbalance } = await balances(db, profileId);
  throw creditShort(credits, creditbalance, what);
}

/** The refusal of a charge the balance does not cover. */
export const creditShort = (credits: number, balance: number, what = 'this send') =>
  insufficientCredit(`Insufficient credit: ${what} needs ${credits} credits, you have ${shown(balance)}`);

/** Takes `credits` in one conditional statement: the balance left, or null (nothing taken) when it does not cover them. */
export async function takeWhole(db: Executor, profileId: number, credits: number): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set({ creditbalance: sql`${sql.ref('creditbalance')} - ${credits}` })
    .where('profile_id', '=', profileId)
    .where('creditbalance', '>=', credits)
    .returning('creditbalance')
    .executeTakeFirst();
  return row ? Number(row.creditbalance) : null;
}

/**
 * takeWhole as the first write of a composed PostgreSQL statement (messaging/message-rows.ts
 * insertQuickSendInOne): it answers the balance left, or no row (nothing taken) when it does not
 * cover `credits` or an erasure moved the account's epoch on since the send read `eraseEpoch` (the
 * condition is checked again on the row as it is once a running erasure commits).
 */
export const takeWholeSql = (profileId: number, credits: number, eraseEpoch: number) =>
  sql`update users set creditbalance = creditbalance - ${credits}
    where profile_id = ${profileId} and creditbalance >= ${credits} and erase_epoch = ${eraseEpoch}
    returning creditbalance`;

/**
 * Locks the account's row for a send (PostgreSQL's FOR UPDATE; SQLite runs one transaction at a
 * time) and answers its erasure epoch. Sends and erasures of a person's data take this row, so each
 * sees what the other committed (docs/compliance.md#a-persons-data); a charge takes it as well.
 */
export async function lockForSending(db: Executor, lock: boolean, profileId: number): Promise<number> {
  let query = db.selectFrom('users').select('erase_epoch').where('profile_id', '=', profileId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return Number(row?.erase_epoch ?? 0);
}

/** Tries of takeInOrder before it gives up as busy: each failed try saw the balance change under it. */
const TAKE_TRIES = 20;

/**
 * Takes costs in their order, each one the balance still covers after those before it (one it
 * cannot cover is skipped and the next is tried), as a sequence of separate charges would. Their
 * sum is taken in one conditional statement, read again if the balance changed meanwhile, so the
 * balance never goes below zero. Answers which costs were taken and the balance left (null when
 * nothing was to be taken).
 */
export async function takeInOrder(
  db: Executor,
  profileId: number,
  costs: readonly number[],
): Promise<{ taken: boolean[]; balance: number | null }> {
  const all = costs.reduce((n, cost) => n + cost, 0);
  if (all <= 0) return { taken: costs.map(() => true), balance: null };
  // Most often the balance covers them all: one statement.
  const whole = await takeWhole(db, profileId, all);
  if (whole !== null) return { taken: costs.map(() => true), balance: whole };
  for (let attempt = 0; attempt < TAKE_TRIES; attempt += 1) {
    const { creditbalance } = await balances(db, profileId);
    let left = Number(creditbalance);
    const taken = costs.map((cost) => {
      if (cost > left) return false;
      left -= cost;
      return true;
    });
    const total = costs.reduce((n, cost, i) => (taken[i] ? n + cost : n), 0);
    if (total <= 0 || (await takeCredits(db, profileId, total))) return { taken, balance: left };
  }
  throw busy();
}

/** Gives back what was taken earlier: by a cancelled or shrunk send, or reserved by a checkout that ended unpaid. */
export async function refund(db: Executor, profileId: number, credits: number): Promise<void> {
  if (credits <= 0) return;
  await db
    .updateTable('users')
    .set({ creditbalance: sql<number>`creditbalance + ${credits}` })
    .where('profile_id', '=', profileId)
    .execute();
}

export async function balances(db: Executor, profileId: number) {
  return db
    .selectFrom('users')
    .select(['creditbalance', 'internationalcreditbalance'])
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
}

/**
 * Adds credits atomically and answers the balances around the change. With `extendYears`, the
 * expiry moves that far past the later of now and the current expiry (a purchase adds validity);
 * with `atLeast`, the expiry only rises to that instant (a gift must not expire at once).
 */
export async function addCredits(
  db: Executor,
  profileId: number,
  credits: number,
  nowMs: number,
  expiry: { extendYears: number } | { atLeast: number } | null,
): Promise<{ previousbalance: number; newbalance: number }> {
  const nowSec = Math.floor(nowMs / 1000);
  let creditexpires = sql<number>`${sql.ref('creditexpires')}`;
  if (expiry && 'extendYears' in expiry) {
    const add = Math.round((expiry.extendYears * YEAR_MS) / 1000);
    creditexpires = sql<number>`(case when ${sql.ref('creditexpires')} > ${nowSec} then ${sql.ref('creditexpires')} else ${nowSec} end) + ${add}`;
  } else if (expiry) {
    const target = Math.floor(expiry.atLeast / 1000);
    creditexpires = sql<number>`case when ${sql.ref('creditexpires')} > ${target} then ${sql.ref('creditexpires')} else ${target} end`;
  }
  const row = await db
    .updateTable('users')
    .set({ creditbalance: sql`${sql.ref('creditbalance')} + ${credits}`, creditexpires })
    .where('profile_id', '=', profileId)
    .returning('creditbalance')
    .executeTakeFirstOrThrow();
  const newbalance = Number(row.creditbalance);
  return { previousbalance: newbalance - credits, newbalance };
}

/** creditexpires is epoch seconds; 0 means no expiry was ever set (e.g. only the sign-up gift), and the platform's never expires. */
export function checkCreditExpiry(user: UserRow, now: number): void {
  const expires = creditExpiryOf(user);
  if (expires > 0 && expires * 1000 <= now) {
    throw insufficientCredit(`Your credit expired on ${formatAccra(expires * 1000)}; please buy credit to send`);
  }
}
