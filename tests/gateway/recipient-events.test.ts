// Every status change of a recipient is appended to recipient_events in the transaction that makes it,
// once, on every path: the simulator, a carrier's receipt, its refusal, a receipt resolving a part in
// doubt, the expiry of one that never got its receipt, and a scheduled run queueing its recipients.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { freshPostgres, makeTestApp, type TestGateway } from './helpers/test-app';
import { openDatabase } from '../../server/src/db/database';
import { migrateToLatest, migrations } from '../../server/src/db/migrate';
import { fundedAccount, sendItem, sendSms } from './helpers/messaging';
import { ScriptConnector, receiptFor } from './helpers/script-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { Dispatcher, IN_DOUBT_SETTLE_MS } from '../../server/src/carrier/dispatcher';
import { INSTANCE_LEASE_MS } from '../../server/src/carrier/instances';
import { RECEIPT_WINDOW_MS } from '../../server/src/carrier/parts/receipt-window';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { EVENT_SWEEP_MS, startBackground } from '../../server/src/background';
import {
  EVENT_RETENTION_MS,
  eventsAfter,
  logChanges,
  logCreated,
  pruneEvents,
} from '../../server/src/messaging/recipient-events';
import { eventually } from './helpers/eventually';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

/** Each recipient's events of one message, in id order: 'old>new' and the error code when there is one. */
async function historyOf(g: TestGateway, messageId: number) {
  const rows = await g.ctx.db
    .selectFrom('recipient_events as e')
    .innerJoin('message_recipients as r', 'r.id', 'e.recipient_id')
    .select(['e.id', 'e.message_id', 'e.profile_id', 'r.number', 'e.old_status', 'e.new_status', 'e.error'])
    .where('e.message_id', '=', messageId)
    .orderBy('e.id')
    .execute();
  const owner = await g.ctx.db
    .selectFrom('messages')
    .select('profile_id')
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  expect(rows.every((e) => e.profile_id === owner.profile_id)).toBe(true);
  const history: Record<string, string[]> = {};
  for (const e of rows) {
    const list = (history[e.number] ??= []);
    list.push(`${e.old_status}>${e.new_status}${e.error ? ` ${e.error}` : ''}`);
  }
  return history;
}

async function scripted(connector: ScriptConnector) {
  const g = await makeTestApp({ connector, carrierDelayMs: 0 });
  await tickCarrier(g.ctx); // the demo data's own messages
  connector.ledger.length = 0;
  return g;
}

describe('recipient events: each status change once, on every path', () => {
  it('the simulator: PENDING when accepted, then SENT or FAILED from its receipt; a 99 number stays PENDING', async () => {
    gw = await makeTestApp();
    const demo = await fundedAccount(gw, 'demouser', 1000);
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: '233241000010,233241000013,233241000099' }),
    ]);
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    gw.clock.advance(24 * 3_600_000);
    await tickCarrier(gw.ctx);
    expect(await historyOf(gw, res.body.message_id)).toEqual({
      '233241000010': ['>PENDING', 'PENDING>SENT 000'],
      '233241000013': ['>PENDING', 'PENDING>FAILED 001'],
      '233241000099': ['>PENDING'],
    });
  });

  it("a carrier's receipts and its refusal, with their error codes; a repeated receipt adds nothing", async () => {
    const carrier = new ScriptConnector('default', (p) =>
      p.to === '233241000020'
        ? { kind: 'rejected', code: 0x0b, reason: 'ESME_RINVDSTADR' }
        : { kind: 'accepted', carrierId: `c${p.partId}` },
    );
    gw = await scripted(carrier);
    const demo = await fundedAccount(gw, 'demouser', 1000);
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: '233241000010,233241000020,233241000030' }),
    ]);
    await tickCarrier(gw.ctx);
    const [first, , third] = carrier.ledger;
    await carrier.receipts([receiptFor(`c${first!.partId}`, first!.to)]);
    await carrier.receipts([receiptFor(`c${third!.partId}`, third!.to, 'UNDELIV')]);
    await carrier.receipts([receiptFor(`c${first!.partId}`, first!.to), receiptFor(`c${third!.partId}`, third!.to)]);
    await tickCarrier(gw.ctx);
    expect(await historyOf(gw, res.body.message_id)).toEqual({
      '233241000010': ['>PENDING', 'PENDING>SENT 000'],
      '233241000020': ['>PENDING', 'PENDING>FAILED 11 ESME_RINVDSTADR'],
      '233241000030': ['>PENDING', 'PENDING>FAILED 001'],
    });
  });

  it('a receipt that resolves a part in doubt, and the expiry of those whose receipt never came', async () => {
    const after = new ScriptConnector('default');
    gw = await scripted(after);
    const demo = await fundedAccount(gw, 'demouser', 1000);
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ destinationAddress: '233241000010,233241000020,233241000030' }),
    ]);
    // An instance puts the three on the wire, hears nothing back, and dies.
    const before = new ScriptConnector('default', () => 'hold', 10);
    const diedAt = gw.clock.now;
    void new Dispatcher({ ...gw.ctx, now: () => diedAt }, before).run({ chunk: 2000, maxChunks: 1 });
    await eventually(() => expect(before.heldCount).toBe(3));
    gw.clock.advance(INSTANCE_LEASE_MS + 1);
    await tickCarrier(gw.ctx); // the others take over: the three are in doubt
    await after.receipts([receiptFor('lost-answer-1', '233241000020')]);
    gw.clock.advance(IN_DOUBT_SETTLE_MS);
    await tickCarrier(gw.ctx);
    gw.clock.advance(RECEIPT_WINDOW_MS + 1);
    await tickCarrier(gw.ctx);
    await tickCarrier(gw.ctx);
    expect(after.ledger).toEqual([]);
    const stopped = 'gateway stopped before the answer';
    expect(await historyOf(gw, res.body.message_id)).toEqual({
      '233241000010': ['>PENDING', `PENDING>UNKNOWN ${stopped}`],
      '233241000020': ['>PENDING', 'PENDING>SENT 000'],
      '233241000030': ['>PENDING', `PENDING>UNKNOWN ${stopped}`],
    });
  });

  it('a scheduled send: its recipients SCHEDULED when registered, its run’s PENDING when queued, once', async () => {
    gw = await makeTestApp();
    const demo = await fundedAccount(gw, 'demouser', 1000);
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'scheduled sms',
        typeandsubtype: 'scheduled:regular',
        expectedDeliveryTime: '2026-11-20 11:00:00',
        destinationAddress: '233241000101,233241000102',
      }),
    ]);
    const regId = res.body.message_id;
    gw.clock.advance(3_600_000);
    expect(await tickScheduler(gw.ctx)).toBeGreaterThanOrEqual(1);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    const run = await gw.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('parent_id', '=', regId)
      .executeTakeFirstOrThrow();
    expect(await historyOf(gw, regId)).toEqual({ '233241000101': ['>SCHEDULED'], '233241000102': ['>SCHEDULED'] });
    expect(await historyOf(gw, run.id)).toEqual({
      '233241000101': ['>PENDING', 'PENDING>SENT 000'],
      '233241000102': ['>PENDING', 'PENDING>SENT 000'],
    });
  });
});

describe('reading and pruning recipient events', () => {
  it('a reader reads on from its cursor, in id order', async () => {
    gw = await makeTestApp();
    const all = await eventsAfter(gw.ctx.db, 0, 1_000_000);
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => a - b));
    const cursor = all[2]!.id;
    expect(await eventsAfter(gw.ctx.db, cursor, 2)).toEqual(all.slice(3, 5));
  });

  it('one append waits for another to commit, so ids appear in commit order and a cursor passes none', async () => {
    gw = await makeTestApp();
    const { db } = gw.ctx;
    const [recipient] = await db.selectFrom('message_recipients').select(['id', 'message_id']).limit(1).execute();
    const change = {
      recipientId: recipient!.id,
      messageId: recipient!.message_id,
      profileId: 1,
      oldStatus: 'PENDING' as const,
      newStatus: 'SENT' as const,
      error: '',
    };
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db
      .transaction()
      .execute(async (trx) => {
        await logChanges(trx, db.dialectName, [change], gw!.clock.now);
        order.push('first appended');
        await gate;
      })
      .then(() => order.push('first committed'));
    await eventually(() => expect(order).toEqual(['first appended']));
    const second = db.transaction().execute(async (trx) => {
      await logChanges(trx, db.dialectName, [{ ...change, error: 'second' }], gw!.clock.now);
      order.push('second appended');
    });
    if (db.dialectName === 'postgres') {
      // The second transaction is waiting for the first one's lock on appends.
      await eventually(async () => {
        const { rows } = await sqlWaiting(db);
        expect(rows[0]!.n).toBe(1);
      });
    }
    release();
    await Promise.all([first, second]);
    // The second append ends once the first has committed; which answer this side reads first, the
    // first's COMMIT or the second's append, is the sockets' race.
    expect(order.slice(0, 1)).toEqual(['first appended']);
    expect(order.slice(1).sort()).toEqual(['first committed', 'second appended']);
    const [a, b] = (await eventsAfter(db, 0, 1_000_000)).slice(-2);
    expect([a!.error, b!.error]).toEqual(['', 'second']);
    expect(b!.id).toBeGreaterThan(a!.id);
  });

  it("new recipients' first statuses also wait for another append to commit, and take the lock before counting", async () => {
    gw = await makeTestApp();
    const { db } = gw.ctx;
    const [recipient] = await db.selectFrom('message_recipients').select(['id', 'message_id']).limit(1).execute();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const counters = async () =>
      (await db.selectFrom('message_counters').select('n').where('message_id', '=', recipient!.message_id).execute())
        .map((r) => Number(r.n))
        .reduce((a, b) => a + b, 0);
    const before = await counters();
    const first = db
      .transaction()
      .execute(async (trx) => {
        await logCreated(trx, db.dialectName, [recipient!.id], gw!.clock.now);
        order.push('first appended');
        await gate;
      })
      .then(() => order.push('first committed'));
    // The second appends in one statement on PostgreSQL: it may finish as the first's commit is
    // answered, so what is checked is that it waits until the first is let go.
    await eventually(() => expect(order).toEqual(['first appended']));
    const second = db.transaction().execute(async (trx) => {
      await logCreated(trx, db.dialectName, [recipient!.id], gw!.clock.now);
      order.push('second appended');
    });
    if (db.dialectName === 'postgres') {
      await eventually(async () => {
        const { rows } = await sqlWaiting(db);
        expect(rows[0]!.n).toBe(1);
      });
    }
    expect(order).toEqual(['first appended']);
    order.push('released');
    release();
    await Promise.all([first, second]);
    expect(order.slice(0, 2)).toEqual(['first appended', 'released']);
    expect(order.slice(2).sort()).toEqual(['first committed', 'second appended']);
    const [a, b] = (await eventsAfter(db, 0, 1_000_000)).slice(-2);
    expect([a!.recipient_id, b!.recipient_id]).toEqual([recipient!.id, recipient!.id]);
    expect(b!.id).toBeGreaterThan(a!.id);
    expect(await counters()).toBe(before + 2);
  });

  it(`keeps events ${EVENT_RETENTION_MS / 86_400_000} days, then prunes them`, async () => {
    gw = await makeTestApp();
    const { db } = gw.ctx;
    const all = await eventsAfter(db, 0, 1_000_000);
    const oldest = Math.min(...all.map((e) => e.created_at));
    const newest = Math.max(...all.map((e) => e.created_at));
    const older = all.filter((e) => e.created_at < newest);
    expect(older.length).toBeGreaterThan(0);
    // An event exactly as old as the retention is kept; a millisecond more, and it goes.
    expect(await pruneEvents(db, oldest + EVENT_RETENTION_MS)).toBe(0);
    expect(await pruneEvents(db, newest + EVENT_RETENTION_MS)).toBe(older.length);
    expect(await eventsAfter(db, 0, 1_000_000)).toEqual(all.filter((e) => e.created_at === newest));
    expect(await pruneEvents(db, newest + 1 + EVENT_RETENTION_MS)).toBe(all.length - older.length);
  });

  it('the background sweep prunes them every hour', async () => {
    gw = await makeTestApp();
    const { db } = gw.ctx;
    expect((await eventsAfter(db, 0, 1_000_000)).length).toBeGreaterThan(0);
    gw.clock.advance(EVENT_RETENTION_MS + 24 * 3_600_000);
    const stale = async () =>
      (await eventsAfter(db, 0, 1_000_000)).filter((e) => e.created_at < gw!.clock.now - EVENT_RETENTION_MS);
    expect((await stale()).length).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startBackground(gw.ctx);
    try {
      vi.advanceTimersByTime(EVENT_SWEEP_MS);
      await eventually(async () => expect(await stale()).toEqual([]));
    } finally {
      await stop();
      vi.useRealTimers();
    }
  });
});

describe('the recipient-events migration on a database in use', () => {
  it("turns due_at into queued_at, drops verdict, and keeps the simulator's owed receipts in its own table", async () => {
    const pgDb = await freshPostgres();
    const typed = openDatabase(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: ':memory:' });
    // Rows as the tables were before the migration.
    const db = typed as unknown as Kysely<any>;
    try {
      const before = Object.entries(migrations).filter(([name]) => name < '012-recipient-events');
      const provider = {
        getMigrations: async () => Object.fromEntries(before.map(([name, make]) => [name, make(typed.dialectName)])),
      };
      expect((await new Migrator({ db: typed, provider }).migrateToLatest()).error).toBeUndefined();
      await db
        .insertInto('messages')
        .values({
          id: 1,
          profile_id: 7,
          supid: 6,
          username: 'u',
          random_alpha: 'abc',
          list: 'bulk',
          kind: 'quick',
          message_type: 'quick sms',
          state: 'done',
          registered_at: 1000,
          created_at: 1000,
        })
        .execute();
      const recipient = (id: number, number: string, stage: number, dueAt: number) => ({
        id,
        message_id: 1,
        recipient_index: id,
        number,
        parts: 1,
        stage,
        status: 'PENDING',
        verdict: '',
        due_at: dueAt,
        updated_at: 1000,
      });
      await db
        .insertInto('message_recipients')
        .values([
          recipient(1, '233241000001', 0, 5000),
          recipient(2, '233241000002', 1, 6000),
          recipient(3, '233241000099', 1, 6000),
          recipient(4, '233241000004', 1, 6000),
          recipient(5, '233241000005', 2, 6000),
        ])
        .execute();
      const part = (id: number, recipientId: number, connector: string, state: number, carrierId: string | null) => ({
        id,
        recipient_id: recipientId,
        seq: 1,
        total: 1,
        connector,
        state,
        to_number: `23324100000${recipientId}`,
        carrier_id: carrierId,
        updated_at: 1000,
      });
      await db
        .insertInto('carrier_parts')
        .values([
          part(10, 2, 'sim', 2, 'sim-10'),
          part(11, 3, 'sim', 2, 'sim-11'),
          part(12, 4, 'default', 2, 'c12'),
          part(13, 5, 'sim', 3, 'sim-13'),
        ])
        .execute();

      await migrateToLatest(typed);

      const recipients = await typed.selectFrom('message_recipients').selectAll().orderBy('id').execute();
      expect(recipients.map((r) => [r.id, r.queued_at])).toEqual([
        [1, 4000],
        [2, 5000],
        [3, 5000],
        [4, 5000],
        [5, 5000],
      ]);
      expect(recipients.every((r) => !('verdict' in r) && !('due_at' in r))).toBe(true);
      expect(await typed.selectFrom('carrier_sim_reports').selectAll().execute()).toEqual([
        { part_id: 10, carrier_id: 'sim-10', to_number: '233241000002', number: '233241000002', due_at: 6000 },
      ]);
      expect(await eventsAfter(typed, 0, 10)).toEqual([]);
    } finally {
      await typed.destroy();
      await pgDb?.drop();
    }
  });
});

/** PostgreSQL sessions waiting for an advisory lock. */
async function sqlWaiting(db: TestGateway['ctx']['db']) {
  const { sql } = await import('kysely');
  return sql<{
    n: number;
  }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(db);
}
