// The delivery counters (server/src/messaging/delivery-counters.ts) equal a recount of the recipients
// after any mix of sends, opt-outs, refusals, receipts, expiries and scheduled runs, and migration
// 018's backfill counts what was there before it.
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount, sendItem, sendSms } from './helpers/messaging';
import { ScriptConnector, receiptFor } from './helpers/script-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { suppress } from '../../server/src/optouts/suppression';
import { RECEIPT_WINDOW_MS } from '../../server/src/carrier/parts/receipt-window';
import { counterNetworkOf } from '../../src/domain/numbers/networks';
import { deliveryBucket } from '../../src/domain/messages/delivery-report';
import { deliveryCounters } from '../../server/src/db/migrations/018-delivery-counters';
import { erasedCounters } from '../../server/src/db/migrations/032-erased-counters';
import { erasePerson } from '../../server/src/persondata/person-data';
import { maskedPhone } from '../../src/domain/account/person-data';
import type { Database } from '../../server/src/db/schema';
import { STAGE } from '../../server/src/db/schema-messaging';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

/** A seeded pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PREFIXES = ['24', '54', '59', '20', '50', '26', '57', '23', '28'];

/** What the counters must hold, counted from the recipients themselves with the domain's own rules. */
async function recount(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select([
      'r.message_id',
      'r.number',
      'r.status',
      'r.error',
      'r.queued_at',
      'r.done_at',
      'm.profile_id',
      'm.list',
      'm.api_mode',
    ])
    .execute();
  const messages = new Map<string, number>();
  const days = new Map<string, number>();
  const times = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const r of rows) {
    const network = counterNetworkOf(r.number);
    bump(messages, [r.message_id, network, r.status, r.error].join('|'));
    if (r.list === 'bulk')
      bump(days, [r.profile_id, Math.floor(r.queued_at / 86_400_000), network, r.status].join('|'));
    if (r.status === 'SENT' && r.done_at !== null)
      bump(times, [r.message_id, deliveryBucket(r.done_at - r.queued_at)].join('|'));
  }
  return { messages, days, times };
}

async function stored(db: Kysely<Database>) {
  const toMap = (rows: { key: string; n: number }[]) =>
    new Map(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
  const messages = await db.selectFrom('message_counters').selectAll().execute();
  const days = await db.selectFrom('daily_counters').selectAll().execute();
  const times = await db.selectFrom('delivery_times').selectAll().execute();
  return {
    messages: toMap(messages.map((r) => ({ key: [r.message_id, r.network, r.status, r.error].join('|'), n: r.n }))),
    days: toMap(days.map((r) => ({ key: [r.profile_id, r.day, r.network, r.status].join('|'), n: r.n }))),
    times: toMap(times.map((r) => ({ key: [r.message_id, r.bucket].join('|'), n: r.n }))),
  };
}

const sorted = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));

async function expectCountersEqualRecount(db: Kysely<Database>) {
  const want = await recount(db);
  const have = await stored(db);
  expect(sorted(have.messages)).toEqual(sorted(want.messages));
  expect(sorted(have.days)).toEqual(sorted(want.days));
  expect(sorted(have.times)).toEqual(sorted(want.times));
}

describe('delivery counters', () => {
  for (const seed of [1, 7, 42]) {
    it(`equal a recount after random sends, opt-outs, refusals, receipts and expiries (seed ${seed})`, async () => {
      const next = random(seed);
      const carrier = new ScriptConnector('default', (p) => {
        const roll = next();
        if (roll < 0.1) return { kind: 'rejected', code: 0x0b, reason: 'ESME_RINVDSTADR' };
        // An answer lost: the part is in doubt until a receipt finds it, or it expires UNKNOWN.
        if (roll < 0.2) return { kind: 'in-doubt', reason: 'no answer' };
        return { kind: 'accepted', carrierId: `c${p.partId}` };
      });
      gw = await makeTestApp({ connector: carrier, carrierDelayMs: 0 });
      await tickCarrier(gw.ctx);
      const demo = await fundedAccount(gw, 'demouser', 100_000);
      const numberAt = (i: number) => `233${PREFIXES[i % PREFIXES.length]}${String(1_000_000 + i).slice(-7)}`;
      const all = Array.from({ length: 120 }, (_, i) => numberAt(i));
      await suppress(
        gw.ctx.db,
        demo.profile_id,
        all.filter(() => next() < 0.1),
        'manual',
        demo.profile_id,
        gw.clock.now,
      );

      for (let round = 0; round < 4; round += 1) {
        const chosen = all.filter(() => next() < 0.5);
        const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: chosen.join(',') })]);
        expect(res.status).toBe(200);
        gw.clock.advance(Math.floor(next() * 20_000));
        await tickCarrier(gw.ctx);
        const answered = carrier.ledger.splice(0).filter(() => next() < 0.6);
        await carrier.receipts(
          answered.map((p) => ({
            ...receiptFor(`c${p.partId}`, p.to, next() < 0.7 ? 'DELIVRD' : next() < 0.5 ? 'UNDELIV' : 'EXPIRED'),
            doneAt: gw!.clock.now + Math.floor(next() * 400_000),
          })),
        );
        await tickCarrier(gw.ctx);
        await expectCountersEqualRecount(gw.ctx.db);
        // A day passes between rounds: the counters of each day stay apart.
        gw.clock.advance(Math.floor(next() * 30 * 3_600_000));
      }
      // Those in doubt never get a receipt: they expire as UNKNOWN.
      gw.clock.advance(RECEIPT_WINDOW_MS + 1);
      await tickCarrier(gw.ctx);
      await tickCarrier(gw.ctx);
      const statuses = await gw.ctx.db.selectFrom('message_recipients').select('status').distinct().execute();
      expect(statuses.map((s) => s.status).sort()).toEqual(
        expect.arrayContaining(['FAILED', 'OPTED_OUT', 'SENT', 'UNKNOWN']),
      );
      await expectCountersEqualRecount(gw.ctx.db);
      // An erased person's recipients leave their network for 'erased' (docs/compliance.md#a-persons-data).
      const user = await gw.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('profile_id', '=', demo.profile_id)
        .executeTakeFirstOrThrow();
      // Refused while a message to the number is on its way: one whose messages have all ended.
      const waiting = await gw.ctx.db
        .selectFrom('message_recipients')
        .select('number')
        .where('stage', 'in', [STAGE.queued, STAGE.submitted])
        .execute();
      const ended = all.filter((n) => !waiting.some((w) => w.number === n));
      const person = ended[Math.floor(next() * ended.length)]!;
      await erasePerson(gw.ctx, user, person, person, { ip: '127.0.0.1', userAgent: 'test' });
      await expectCountersEqualRecount(gw.ctx.db);
    });
  }

  it('count a scheduled send’s templates and its run’s recipients, opted out at run time included', async () => {
    gw = await makeTestApp();
    const demo = await fundedAccount(gw, 'demouser', 1000);
    await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'scheduled sms',
        typeandsubtype: 'scheduled:regular',
        expectedDeliveryTime: '2026-11-20 11:00:00',
        destinationAddress: '233241000101,233201000102,233261000103',
      }),
    ]);
    await suppress(gw.ctx.db, demo.profile_id, ['233201000102'], 'manual', demo.profile_id, gw.clock.now);
    gw.clock.advance(3_600_000);
    await tickScheduler(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    await expectCountersEqualRecount(gw.ctx.db);
  });

  it('are backfilled by migration 018 from the recipients already there', async () => {
    gw = await makeTestApp();
    const demo = await fundedAccount(gw, 'demouser', 1000);
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233501000013,233271000099' })]);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    await tickCarrier(gw.ctx);
    const db = gw.ctx.db;
    const before = await stored(db);
    expect(before.messages.size).toBeGreaterThan(3);
    // As before the migration: no counters, no error on the recipients.
    for (const t of ['message_counters', 'daily_counters', 'delivery_times'] as const)
      await db.schema.dropTable(t).execute();
    await db.schema.dropIndex('message_recipients_status').execute();
    await db.schema.dropIndex('recipient_events_message').execute();
    await db.schema.alterTable('message_recipients').dropColumn('error').execute();
    await deliveryCounters(db.dialectName).up(db as unknown as Kysely<unknown>);
    expect(await stored(db)).toEqual(before);
    await expectCountersEqualRecount(db);
    const failed = await db.selectFrom('message_recipients').select('error').where('status', '=', 'FAILED').execute();
    expect(failed.map((r) => r.error)).toContain('001');
  });

  it('are counted again by migration 032 where an earlier erasure left a masked recipient under its network', async () => {
    gw = await makeTestApp();
    const demo = await fundedAccount(gw, 'demouser', 1000);
    const sent = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233501000013' })]);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    await tickCarrier(gw.ctx);
    const db = gw.ctx.db;
    // As an erasure before migration 032 left it: the number masked, its counters under MTN.
    await db
      .updateTable('message_recipients')
      .set({ number: maskedPhone('233241000010') })
      .where('number', '=', '233241000010')
      .execute();
    const mtn = await db
      .selectFrom('message_counters')
      .select('n')
      .where('message_id', '=', sent.body.message_id)
      .where('network', '=', 'mtn')
      .where('n', '<>', 0)
      .execute();
    expect(mtn.map((r) => Number(r.n))).toEqual([1]);
    await erasedCounters(db.dialectName).up(db as unknown as Kysely<unknown>);
    await expectCountersEqualRecount(db);
  });
});
