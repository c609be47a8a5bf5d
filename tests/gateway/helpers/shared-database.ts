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

/**
 * Where the webhooks stand, for a test that waited too long on them: how far the fan-out has read the
 * event log, the deliveries by state and attempts, and each endpoint's breaker and due time (ms from now).
 */
export const webhookState = (databaseUrl: string) =>
  reading(databaseUrl, async (db) => {
    const now = Date.now();
    const cursor = await db.selectFrom('webhook_cursor').selectAll().execute();
    const lastEvent = await db
      .selectFrom('recipient_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select([
        'state',
        'attempts',
        'last_status_code',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.min('next_attempt_at').as('firstDue'),
        (eb) => eb.fn.max('claimed_until').as('lastLease'),
      ])
      .groupBy(['state', 'attempts', 'last_status_code'])
      .execute();
    const endpoints = await db
      .selectFrom('webhook_endpoints')
      .select(['id', 'kind', 'failures', 'timeouts', 'paused_until', 'due_at', 'disabled_at'])
      .execute();
    const fromNow = (t: unknown) => (t === null || t === undefined ? null : Number(t) - now);
    return {
      cursor: cursor.map((c) => ({ name: c.name, at: Number(c.last_event_id) })),
      lastEventId: Number(lastEvent?.id ?? 0),
      deliveries: deliveries.map((d) => ({
        state: d.state,
        attempts: d.attempts,
        lastStatus: d.last_status_code,
        n: Number(d.n),
        firstDueIn: fromNow(d.firstDue),
        lastLeaseIn: fromNow(d.lastLease),
      })),
      endpoints: endpoints.map((e) => ({
        ...e,
        paused_until: fromNow(e.paused_until),
        due_at: fromNow(e.due_at),
      })),
    };
  });
