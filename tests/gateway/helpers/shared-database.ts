// What the test reads in the database its gateway processes share, as an operator checks it after an
// incident: each scheduled batch's runs, each account's balance against its ledger, the carrier's parts.
import { openDatabase, type Db } from '../../../server/src/db/database';
import { PART } from '../../../server/src/db/schema-carrier';

async function reading<T>(databaseUrl: string, read: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({ databaseUrl });
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

/** How many runs each scheduled batch (the API's bat_<id>) made, in the order given. */
export const runsPerRegistration = (databaseUrl: string, batchIds: readonly string[]) =>
  reading(databaseUrl, async (db) => {
    const ids = batchIds.map((b) => Number(b.replace(/^bat_/, '')));
    const runs = await db
      .selectFrom('messages')
      .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('parent_id', 'in', ids)
      .groupBy('parent_id')
      .execute();
    const byParent = new Map(runs.map((r) => [Number(r.parent_id), Number(r.n)]));
    return ids.map((id) => byParent.get(id) ?? 0);
  });

/** The accounts whose balance is not the sum of their ledger's rows (none, when money holds). */
export const balancesOffTheirLedgers = (databaseUrl: string) =>
  reading(databaseUrl, async (db) => {
    const users = await db.selectFrom('users').select(['profile_id', 'username', 'creditbalance']).execute();
    const sums = await db
      .selectFrom('credit_ledger')
      .select(['profile_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .groupBy('profile_id')
      .execute();
    const total = new Map(sums.map((s) => [s.profile_id, Number(s.total)]));
    return users
      .filter((u) => Math.abs(Number(u.creditbalance) - (total.get(u.profile_id) ?? 0)) > 1e-6)
      .map((u) => ({ username: u.username, balance: Number(u.creditbalance), ledger: total.get(u.profile_id) ?? 0 }));
  });

/**
 * The carrier's parts by state, and the numbers of those in doubt: a part saved as submitting by an
 * instance killed before its answer may or may not have reached the carrier, and is never sent again
 * (docs/carrier.md#a-parts-way-and-why-nothing-is-sent-twice).
 */
export const carrierParts = (databaseUrl: string) =>
  reading(databaseUrl, async (db) => {
    const states = await db
      .selectFrom('carrier_parts')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
    const count = new Map(states.map((s) => [Number(s.state), Number(s.n)]));
    const doubtful = await db
      .selectFrom('carrier_parts')
      .select('to_number')
      .where('state', '=', PART.inDoubt)
      .execute();
    return {
      unsettled: (count.get(PART.claimed) ?? 0) + (count.get(PART.submitting) ?? 0),
      inDoubt: new Set(doubtful.map((p) => p.to_number)),
    };
  });
