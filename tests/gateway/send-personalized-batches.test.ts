import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, carrierRows, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { countSms } from '../../src/domain/messages/sms';

// What the carrier receives for each recipient of a personalized send must not depend on how the send
// is cut into batches: the first recipient of a later batch gets its own text, not the first batch's.

const HOUR = 3_600_000;
const N = 240;

/** A recipient's own text: short, long (several parts), unicode, or the same as another's. */
function textFor(i: number): string {
  if (i % 11 === 3) return 'Hi Name0, your balance is GHS 0.50'; // the same text as recipient 0
  if (i % 9 === 4) return `Akwaaba ɛ Name${i}: wo ho te sɛn?`; // above code 255: unicode
  if (i % 13 === 5) return `Dear Name${i}, ${'your statement is ready. '.repeat(8)}`; // 2 parts
  return `Hi Name${i}, your balance is GHS ${i}.50`;
}

const number = (i: number) => `23324${String(i).padStart(6, '0')}0`;

function personalizedItems(kind: 'quick' | 'scheduled' | 'recurring' | 'birthday') {
  const extra = {
    quick: { messageType: 'quick sms', typeandsubtype: 'quick:personalized' },
    scheduled: {
      messageType: 'scheduled sms',
      typeandsubtype: 'scheduled:personalized',
      expectedDeliveryTime: '2026-11-20 11:00:00',
    },
    recurring: {
      messageType: 'recurring sms',
      typeandsubtype: 'recurring:personalized',
      expectedDeliveryTime: '2026-11-20 11:00:00',
      recurringPeriod: 'Hourly',
      recurringInterval: 1,
    },
    birthday: {
      messageType: 'birthday sms',
      typeandsubtype: 'birthday:personalized',
      expectedDeliveryTime: '2026-11-20 10:00:00',
    },
  }[kind];
  return Array.from({ length: N }, (_, i) =>
    sendItem({ ...extra, shortMessage: textFor(i), destinationAddress: number(i) }),
  );
}

/** What each recipient must receive, from the domain's own counting. */
const expected = Array.from({ length: N }, (_, i) => {
  const c = countSms(textFor(i));
  return { index: i, to: number(i), text: textFor(i), parts: c.parts, unicode: c.unicode };
});
const expectedCharge = expected.reduce((n, e) => n + e.parts, 0);

/** A small seeded generator, so a failing cut can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

type Batch = readonly [from: number, to: number];

function fixed(size: number): Batch[] {
  const out: Batch[] = [];
  for (let from = 0; from < N; from += size) out.push([from, Math.min(N, from + size) - 1]);
  return out;
}

/** Random batch sizes, sent in a random order, some of them twice, plus an overlapping re-split. */
function randomCut(seed: number): Batch[] {
  const next = random(seed);
  const out: Batch[] = [];
  for (let from = 0; from < N;) {
    const size = 1 + Math.floor(next() * 60);
    out.push([from, Math.min(N, from + size) - 1]);
    from += size;
  }
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  const repeats = out.filter(() => next() < 0.3);
  const a = Math.floor(next() * (N - 20));
  return [...out, ...repeats, [a, a + 19]];
}

describe('a personalized send, however it is cut into batches', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    await gw.ctx.db.updateTable('users').set({ creditbalance: 1_000_000 }).where('username', '=', 'demouser').execute();
  });
  afterAll(() => gw.close());

  async function post(kind: Parameters<typeof personalizedItems>[0], batches: readonly Batch[]) {
    const job = randomUUID();
    const items = personalizedItems(kind);
    const before = await balanceOf(gw, 'demouser');
    for (const [from, to] of batches) {
      const res = await sendSms(gw, demo.apikey, items.slice(from, to + 1), { key: `${job}:${from}-${to}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return { job, charged: before - (await balanceOf(gw, 'demouser')) };
  }

  /** What the carrier received for the job, one row per recipient, by index. */
  async function received(job: string, messageId?: number) {
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    const rows = (await carrierRows(gw, job)).filter((r) => messageId === undefined || r.message_id === messageId);
    return rows
      .map((r) => ({
        index: r.recipient_index,
        to: r.to_number,
        text: r.text,
        parts: r.parts,
        unicode: r.unicode === 1,
      }))
      .sort((a, b) => a.index! - b.index!);
  }

  const cuts: [string, Batch[]][] = [
    ['whole', [[0, N - 1]]],
    ['batches of 100', fixed(100)],
    ['batches of 7', fixed(7)],
    ['batches of 100 in reverse order', fixed(100).reverse()],
    ...[11, 23, 37, 41, 59].map(
      (seed) => [`random cut ${seed} (out of order, repeats, overlap)`, randomCut(seed)] as [string, Batch[]],
    ),
  ];

  it.each(cuts)(
    'quick send, %s: each recipient gets its own text, parts and encoding, once, charged once',
    async (_, batches) => {
      const { job, charged } = await post('quick', batches);
      expect(await received(job)).toEqual(expected);
      expect(charged).toBe(expectedCharge);
    },
  );

  it("keeps a recipient's own encoding when its text equals the message's but its flag does not", async () => {
    const job = randomUUID();
    const items = [
      sendItem({ shortMessage: 'Same words', destinationAddress: number(0), typeandsubtype: 'quick:personalized' }),
      sendItem({
        shortMessage: 'Same words',
        destinationAddress: number(1),
        typeandsubtype: 'quick:personalized',
        specialUnicodeSupport: true,
      }),
    ];
    for (const [from, to] of [
      [0, 0],
      [1, 1],
    ] as const) {
      expect((await sendSms(gw, demo.apikey, items.slice(from, to + 1), { key: `${job}:${from}-${to}` })).status).toBe(
        200,
      );
    }
    expect((await received(job)).map((r) => [r.text, r.unicode])).toEqual([
      ['Same words', false],
      ['Same words', true],
    ]);
  });

  it('scheduled send in batches of 7, out of order: the run carries each recipient its own text', async () => {
    const { job, charged } = await post('scheduled', fixed(7).reverse());
    expect(charged).toBe(expectedCharge);
    gw.clock.advance(HOUR);
    expect(await tickScheduler(gw.ctx)).toBeGreaterThan(0);
    expect(await received(job)).toEqual(expected);
  });

  it('recurring send in random batches: every run repeats each recipient its own text', async () => {
    const { job } = await post('recurring', randomCut(7));
    const runs = new Set<number>();
    for (let run = 1; run <= 2; run += 1) {
      gw.clock.advance(HOUR);
      expect(await tickScheduler(gw.ctx)).toBeGreaterThan(0);
      gw.clock.advance(gw.ctx.carrierDelayMs);
      await tickCarrier(gw.ctx);
      const all = await carrierRows(gw, job);
      const latest = Math.max(...all.map((r) => r.message_id!));
      runs.add(latest);
      expect(await received(job, latest)).toEqual(expected);
    }
    expect(runs.size).toBe(2);
  });

  it("birthday send in batches of 100, last batch first: the day's run carries each recipient its own text", async () => {
    const { job, charged } = await post('birthday', fixed(100).reverse());
    expect(charged).toBe(expectedCharge);
    await tickScheduler(gw.ctx);
    expect(await received(job)).toEqual(expected);
  });
});
