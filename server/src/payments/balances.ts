import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Trx = Transaction<Database>;

const YEAR_SECONDS = 365 * 86_400;

/**
 * Adds credits atomically and answers the balances around the change. With `extendYears`, the
 * expiry moves that far past the later of now and the current expiry (a purchase adds validity);
 * with `atLeast`, the expiry only rises to that instant (a gift must not expire at once).
 */
export async function addCredits(
  trx: Trx,
  profileId: number,
  credits: number,
  nowMs: number,
  expiry: { extendYears: number } | { atLeast: number } | null,
): Promise<{ previousbalance: number; newbalance: number }> {
  const nowSec = Math.floor(nowMs / 1000);
  let creditexpires = sql<number>`${sql.ref('creditexpires')}`;
  if (expiry && 'extendYears' in expiry) {
    const add = Math.round(expiry.extendYears * YEAR_SECONDS);
    creditexpires = sql<number>`(case when ${sql.ref('creditexpires')} > ${nowSec} then ${sql.ref('creditexpires')} else ${nowSec} end) + ${add}`;
  } else if (expiry) {
    const target = Math.floor(expiry.atLeast / 1000);
    creditexpires = sql<number>`case when ${sql.ref('creditexpires')} > ${target} then ${sql.ref('creditexpires')} else ${target} end`;
  }
  const row = await trx
    .updateTable('users')
    .set({ creditbalance: sql`${sql.ref('creditbalance')} + ${credits}`, creditexpires })
    .where('profile_id', '=', profileId)
    .returning('creditbalance')
    .executeTakeFirstOrThrow();
  const newbalance = Number(row.creditbalance);
  return { previousbalance: newbalance - credits, newbalance };
}

/** Takes credits only if the balance covers them, in one statement; false when it does not. */
export async function takeCredits(trx: Trx, profileId: number, credits: number): Promise<boolean> {
  const res = await trx
    .updateTable('users')
    .set({ creditbalance: sql`${sql.ref('creditbalance')} - ${credits}` })
    .where('profile_id', '=', profileId)
    .where('creditbalance', '>=', credits)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
