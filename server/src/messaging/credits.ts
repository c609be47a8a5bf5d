import { sql } from 'kysely';
import { formatAccra } from '../../../src/domain/dates';
import type { UserRow } from '../db/schema-core';
import { ApiError, refuse } from '../http/api-error';
import type { Executor } from './message-store';

const shown = (n: number) => String(Math.round(n * 100) / 100);

export const insufficientCredit = (needed: number, balance: number, what = 'this send') =>
  new ApiError(402, 'failed', `Insufficient credit: ${what} needs ${needed} credits, you have ${shown(balance)}`);

/** Takes credits in one conditional update (never read-then-write); refuses, inside the caller's transaction, when short. */
export async function charge(db: Executor, profileId: number, credits: number, what?: string): Promise<void> {
  if (credits <= 0) return;
  const result = await db
    .updateTable('users')
    .set({ creditbalance: sql<number>`creditbalance - ${credits}` })
    .where('profile_id', '=', profileId)
    .where('creditbalance', '>=', credits)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const { creditbalance } = await balances(db, profileId);
    throw insufficientCredit(credits, creditbalance, what);
  }
}

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

/** creditexpires is epoch seconds; 0 means no expiry was ever set (e.g. only the sign-up gift). */
export function checkCreditExpiry(user: UserRow, now: number): void {
  if (user.creditexpires > 0 && user.creditexpires * 1000 <= now) {
    throw refuse(`Your credit expired on ${formatAccra(user.creditexpires * 1000)}; please buy credit to send`, 402);
  }
}
