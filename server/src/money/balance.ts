import { sql } from 'kysely';
import { formatAccra, YEAR_MS } from '../../../src/domain/dates';
import { creditExpiryOf } from '../../../src/domain/account/permissions';
import { busy, insufficientCredit, type Refusal } from '../core/errors';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { appendEntry, entryInOne, entryWritten, memberOf, type Why } from './ledger';
import { capRefusal, capsFor, holdCaps, memberCap, roomUnder, spends, type SpendingCap } from './caps';
import { crossingInOne, noteCrossing } from './low-balance';

// The one module that changes an account's credit balance: every change is one conditional
// statement (never read-then-write) and its ledger row (ledger.ts), inside the caller's
// transaction (or one of its own when the caller has none).

const shown = (n: number) => String(Math.round(n * 100) / 100);

/** Runs `write` in the caller's transaction, or in one of its own: a change and its ledger row commit together. */
const inTransaction = <T>(db: Executor, write: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? write(db) : db.transaction().execute(write);

/** Takes credits only if the balance covers them, in one statement; false when it does not. */
export async function takeCredits(db: Executor, profileId: number, credits: number, why: Why): Promise<boolean> {
  return (await takeWhole(db, profileId, credits, why)) !== null;
}

/**
 * Takes the price of a send; when short, refuses with what it needs and what there is. Past a
 * spending cap (the account's monthly one, or the caller's `caps`: a key's, SMPP access's), refused
 * naming the cap; nothing is taken either way (money/caps.ts).
 */
export async function charge(
  db: Executor,
  profileId: number,
  credits: number,
  why: Why,
  what = 'this send',
  caps: readonly SpendingCap[] = [],
) {
  if (credits <= 0 || (await takeWhole(db, profileId, credits, why, { caps, what })) !== null) return;
  const { creditbalance } = await balances(db, profileId);
  throw creditShort(credits, creditbalance, what);
}

/** The caps a charge is held to beyond the account's own, and what a refusal calls the charge. */
export interface ChargeLimits {
  caps: readonly SpendingCap[];
  what: string;
}

/** The refusal of a charge the balance does not cover. */
export const creditShort = (credits: number, balance: number, what = 'this send') =>
  insufficientCredit(`Insufficient credit: ${what} needs ${credits} credits, you have ${shown(balance)}`);

/**
 * Takes `credits` in one conditional statement: the balance left, or null (nothing taken) when it
 * does not cover them. A charge past a spending cap throws its refusal, the take undone with the
 * transaction; one that takes the balance under the account's alert level raises an alert.
 */
export function takeWhole(
  db: Executor,
  profileId: number,
  credits: number,
  why: Why,
  limits: ChargeLimits = { caps: [], what: 'this send' },
): Promise<number | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ creditbalance: sql`${sql.ref('creditbalance')} - ${credits}` })
      .where('profile_id', '=', profileId)
      .where('creditbalance', '>=', credits)
      .returning(['creditbalance', 'low_balance_threshold', 'monthly_cap'])
      .executeTakeFirst();
    if (!row) return null;
    const after = Number(row.creditbalance);
    // Summed after the update took the account's row: a concurrent charge's spending is seen (caps.ts).
    const member = spends(why.reason) ? await memberCap(trx, profileId, memberOf(profileId, why)) : null;
    const caps = capsFor(row.monthly_cap, why.reason, limits.caps, member);
    await holdCaps(trx, profileId, credits, caps, why.at, limits.what);
    await appendEntry(trx, profileId, -credits, after, why);
    await noteCrossing(trx, profileId, credits, after, Number(row.low_balance_threshold), why.at);
    return after;
  });
}

/**
 * takeWhole as writes of a composed PostgreSQL statement (messaging/message-rows.ts
 * insertQuickSendInOne): `gate` runs first and answers the balance left, or no row (nothing taken)
 * when it does not cover `credits` or an erasure moved the account's epoch on since the send read
 * `eraseEpoch` (the condition is checked again on the row as it is once a running erasure commits);
 * `entry(gate, message)` is the ledger row of what it took, naming the message the statement stores,
 * `crossing(gate)` its low-balance alert. An account with a monthly cap, or a member with one, answers no
 * row: a cap is summed in a transaction (takeWhole).
 */
export const takeWholeInOne = (profileId: number, credits: number, eraseEpoch: number, why: Omit<Why, 'ref'>) => ({
  /** To be called once the statement took the credits: metrics count the row it wrote. */
  taken: () => entryWritten(why.reason, -credits),
  gate: sql`update users set creditbalance = creditbalance - ${credits}
    where profile_id = ${profileId} and creditbalance >= ${credits} and erase_epoch = ${eraseEpoch}
      and monthly_cap is null
      and not exists (select 1 from members where id = ${memberOf(profileId, why) ?? 0} and monthly_cap is not null)
    returning creditbalance, low_balance_threshold`,
  entry: (gate: string, message: string) => entryInOne(profileId, credits, why, gate, message),
  crossing: (gate: string) => crossingInOne(profileId, credits, why.at, gate),
});

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

/** Why takeInOrder left a cost: the balance did not cover it, or a cap (its refusal). */
export type Skipped = 'credit' | Refusal;

/**
 * Takes costs in their order, each one the balance still covers after those before it (one it
 * cannot cover is skipped and the next is tried), as a sequence of separate charges would. Their
 * sum is taken in one conditional statement, read again if the balance changed meanwhile, so the
 * balance never goes below zero. Under a spending cap (the account's, or `caps`) each cost is taken
 * only if the cap's room still holds it too. Answers which costs were taken (why each other was
 * not) and the balance left (null when nothing was to be taken).
 */
export async function takeInOrder(
  db: Executor,
  profileId: number,
  costs: readonly number[],
  why: Why,
  limits: ChargeLimits = { caps: [], what: 'this message' },
): Promise<{ taken: boolean[]; skipped: (Skipped | null)[]; balance: number | null }> {
  const all = costs.reduce((n, cost) => n + cost, 0);
  if (all <= 0) return { taken: costs.map(() => true), skipped: costs.map(() => null), balance: null };
  const member = await memberCap(db, profileId, memberOf(profileId, why));
  const caps = capsFor(await monthlyCapOf(db, profileId), why.reason, limits.caps, member);
  if (caps.length > 0) return inTransaction(db, (trx) => takeUnderCaps(trx, profileId, costs, why, caps, limits.what));
  // Most often the balance covers them all: one statement.
  const whole = await takeWhole(db, profileId, all, why);
  if (whole !== null) return { taken: costs.map(() => true), skipped: costs.map(() => null), balance: whole };
  for (let attempt = 0; attempt < TAKE_TRIES; attempt += 1) {
    const { creditbalance } = await balances(db, profileId);
    const { taken, skipped, left } = fitIn(costs, Number(creditbalance), Infinity, null);
    const total = costs.reduce((n, cost, i) => (taken[i] ? n + cost : n), 0);
    if (total <= 0 || (await takeCredits(db, profileId, total, why))) return { taken, skipped, balance: left };
  }
  throw busy();
}

/** Which costs, in order, fit in the balance and the caps' room: a cost past the room is refused by `capped`. */
function fitIn(costs: readonly number[], balance: number, room: number, capped: Refusal | null) {
  let left = balance;
  let roomLeft = room;
  const skipped = costs.map((cost): Skipped | null => {
    if (cost > left) return 'credit';
    if (cost > roomLeft) return capped;
    left -= cost;
    roomLeft -= cost;
    return null;
  });
  return { taken: skipped.map((s) => s === null), skipped, left };
}

/** takeInOrder under caps: the account's row held first, so the balance and the spending read stay true. */
async function takeUnderCaps(
  trx: Executor,
  profileId: number,
  costs: readonly number[],
  why: Why,
  caps: readonly SpendingCap[],
  what: string,
) {
  // A write that changes nothing takes the row on either database (SQLite runs one transaction at a time).
  await trx
    .updateTable('users')
    .set({ creditbalance: sql`${sql.ref('creditbalance')}` })
    .where('profile_id', '=', profileId)
    .execute();
  const [tightest] = await roomUnder(trx, profileId, caps, why.at);
  const room = tightest?.left ?? Infinity;
  const capped = tightest ? capRefusal(tightest.cap, tightest.left, what) : null;
  const { creditbalance } = await balances(trx, profileId);
  const { taken, skipped, left } = fitIn(costs, Number(creditbalance), room, capped);
  const total = costs.reduce((n, cost, i) => (taken[i] ? n + cost : n), 0);
  // Within the room just read, under the row this transaction holds: the take's own cap check passes.
  if (total > 0) await takeWhole(trx, profileId, total, why, { caps: [], what });
  return { taken, skipped, balance: left };
}

/** The account's monthly spending cap, null when its provider set none. */
async function monthlyCapOf(db: Executor, profileId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('monthly_cap').where('profile_id', '=', profileId).executeTakeFirst();
  return row?.monthly_cap ?? null;
}

/** Gives back what was taken earlier: by a cancelled or shrunk send, or reserved by a checkout that ended unpaid. */
export async function refund(db: Executor, profileId: number, credits: number, why: Why): Promise<void> {
  if (credits <= 0) return;
  await addCredits(db, profileId, credits, why, null);
}

export async function balances(db: Executor, profileId: number) {
  return db
    .selectFrom('users')
    .select(['creditbalance', 'internationalcreditbalance'])
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
}

/** How adding credits moves the expiry: `extendYears` past the later of now and the current one (a purchase), or up to `atLeast` (a gift). */
export type ExpiryChange = { extendYears: number } | { atLeast: number } | null;

const expiryAfter = (expiry: ExpiryChange, nowMs: number) => {
  const current = sql<number>`${sql.ref('creditexpires')}`;
  if (!expiry) return current;
  const nowSec = Math.floor(nowMs / 1000);
  if ('extendYears' in expiry) {
    const add = Math.round((expiry.extendYears * YEAR_MS) / 1000);
    return sql<number>`(case when ${current} > ${nowSec} then ${current} else ${nowSec} end) + ${add}`;
  }
  const target = Math.floor(expiry.atLeast / 1000);
  return sql<number>`case when ${current} > ${target} then ${current} else ${target} end`;
};

/**
 * Adds credits atomically and answers the balances around the change. With `extendYears`, the
 * expiry moves that far past the later of now and the current expiry (a purchase adds validity);
 * with `atLeast`, the expiry only rises to that instant (a gift must not expire at once).
 */
export function addCredits(
  db: Executor,
  profileId: number,
  credits: number,
  why: Why,
  expiry: ExpiryChange,
): Promise<{ previousbalance: number; newbalance: number }> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ creditbalance: sql`${sql.ref('creditbalance')} + ${credits}`, creditexpires: expiryAfter(expiry, why.at) })
      .where('profile_id', '=', profileId)
      .returning('creditbalance')
      .executeTakeFirstOrThrow();
    const newbalance = Number(row.creditbalance);
    await appendEntry(trx, profileId, credits, newbalance, why);
    return { previousbalance: newbalance - credits, newbalance };
  });
}

/**
 * Opens a new account's ledger: its first credits (a sign-up gift, a seeded balance) added with
 * their reason, or an `opening` row of 0 when it starts with none. Answers the balance.
 */
export async function openAccount(db: Executor, profileId: number, credits: number, why: Why): Promise<number> {
  if (credits > 0) return (await addCredits(db, profileId, credits, why, null)).newbalance;
  await appendEntry(db, profileId, 0, 0, { ...why, reason: 'opening' });
  return 0;
}

/** creditexpires is epoch seconds; 0 means no expiry was ever set (e.g. only the sign-up gift), and the platform's never expires. */
export function checkCreditExpiry(user: UserRow, now: number): void {
  const expires = creditExpiryOf(user);
  if (expires > 0 && expires * 1000 <= now) {
    throw insufficientCredit(`Your credit expired on ${formatAccra(expires * 1000)}; please buy credit to send`);
  }
}
