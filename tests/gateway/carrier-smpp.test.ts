// The gateway sending through its SMPP connector to an SMSC in the test process, with the
// faults real carriers show. For each: every recipient's text, reassembled at the SMSC, is exactly what
// the send composed, once; receipts land on the right recipients. On SQLite and PostgreSQL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount, sendItem, sendSms } from './helpers/messaging';
import { FakeSmsc, settingsFor, type SmscFaults } from './helpers/fake-smsc';
import { SmppConnector } from '../../server/src/carrier/smpp/smpp-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { reassemble } from '../../server/src/smpp/concatenation';
import type { SmppSettings } from '../../server/src/carrier/carrier-url';
import { PART } from '../../server/src/db/schema-carrier';
import { needsUnicode } from '../../src/domain/messages/sms';
import { IN_DOUBT_SETTLE_MS } from '../../server/src/carrier/dispatcher';
import { eventually } from './helpers/eventually';

const FAST = { reconnect: { baseMs: 10, maxMs: 40 }, throttle: { baseMs: 5, maxMs: 20 } };

let gw: TestGateway | null = null;
let smsc: FakeSmsc | null = null;
afterEach(async () => {
  await gw?.close();
  await smsc?.stop();
  gw = null;
  smsc = null;
});

async function setUp(faults: Partial<SmscFaults> = {}, over: Partial<SmppSettings> = {}) {
  smsc = new FakeSmsc();
  await smsc.start();
  // How the SMSC spells ids holds from the first message: the connector is configured for it.
  if (faults.ids) smsc.setFaults({ ids: faults.ids });
  const settings = settingsFor(smsc.port, over);
  gw = await makeTestApp({ connector: new SmppConnector('default', settings, FAST), carrierDelayMs: 0 });
  await eventually(() => tickCarrier(gw!.ctx).then(() => expect(gw!.ctx.connector!.health().bound).toBe(true)));
  await untilAllFinal(gw); // the demo data's own messages
  smsc.ledger.length = 0;
  smsc.setFaults(faults);
  const demo = await fundedAccount(gw, 'demouser', 1_000_000);
  return { gw, smsc, demo };
}

/** Runs carrier steps until no part waits for its answer or its receipt. */
async function untilAllFinal(g: TestGateway) {
  await vi.waitFor(
    async () => {
      await tickCarrier(g.ctx);
      const open = await g.ctx.db
        .selectFrom('carrier_parts')
        .select('id')
        .where('state', 'in', [PART.claimed, PART.submitting, PART.accepted])
        .limit(1)
        .execute();
      expect(open).toEqual([]);
    },
    { timeout: 20_000, interval: 20 },
  );
}

/** A personalized send: each recipient its own text, some long, some in UCS-2. */
function composed(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const number = `2332420${String(i).padStart(5, '0')}`;
    const text =
      i % 5 === 0
        ? `Dear customer ${i}, ${'your order is on its way [ref {A-${i}}] '.repeat(6)}`
        : i % 5 === 1
          ? `Ɛte sɛn ${i}? Yɛda wo ase 🎉 ${'ɔ'.repeat(i % 90)}`
          : `Hi ${i}, your code is ${100000 + i}. €${i}.00 due`;
    return { number, text };
  });
}

async function sendComposed(g: TestGateway, apikey: string, list: { number: string; text: string }[]) {
  const res = await sendSms(
    g,
    apikey,
    list.map((r) =>
      sendItem({
        shortMessage: r.text,
        destinationAddress: r.number,
        specialUnicodeSupport: needsUnicode(r.text),
      }),
    ),
  );
  expect(res.status).toBe(200);
}

async function statusByNumber(g: TestGateway) {
  const rows = await g.ctx.db
    .selectFrom('message_recipients')
    .select(['number', 'status'])
    .where('number', 'like', '2332420%')
    .execute();
  return new Map(rows.map((r) => [r.number, r.status]));
}

/** Every recipient got exactly its own text, once. */
function expectEachTextOnce(s: FakeSmsc, list: { number: string; text: string }[]) {
  const texts = reassemble(s.ledger);
  for (const r of list) expect(texts.get(r.number) ?? []).toEqual([r.text]);
  expect(texts.size).toBe(list.length);
}

describe('sending through SMPP', () => {
  it('delivers each recipient its own text once, and makes each SENT from its receipts', async () => {
    const { gw, smsc, demo } = await setUp();
    const list = composed(60);
    await sendComposed(gw, demo.apikey, list);
    await untilAllFinal(gw);
    expectEachTextOnce(smsc, list);
    expect([...(await statusByNumber(gw)).values()].every((s) => s === 'SENT')).toBe(true);
    const doneAt = await gw.ctx.db
      .selectFrom('message_recipients')
      .select('done_at')
      .where('number', '=', list[0]!.number)
      .executeTakeFirstOrThrow();
    expect(doneAt.done_at).toBeGreaterThan(0);
  });

  it('sets FAILED from UNDELIV receipts and refused submits, SENT for the rest', async () => {
    const { gw, smsc, demo } = await setUp({
      receiptState: (to) => (to.endsWith('3') ? 'UNDELIV' : 'DELIVRD'),
      reject: new Map([['233242000007', 0x0b]]),
    });
    const list = composed(20);
    await sendComposed(gw, demo.apikey, list);
    await untilAllFinal(gw);
    const status = await statusByNumber(gw);
    for (const r of list) {
      expect(status.get(r.number)).toBe(r.number.endsWith('3') || r.number === '233242000007' ? 'FAILED' : 'SENT');
    }
    expect(smsc.ledger.filter((e) => e.to === '233242000007')).toEqual([]);
  });

  it('keeps every text once through throttling and doubled, reordered, early receipts in the other id form', async () => {
    const { gw, smsc, demo } = await setUp(
      {
        throttleEvery: 9,
        twice: true,
        reverseBatch: 4,
        receiptDelayMs: 5,
        ids: 'hex-then-decimal',
      },
      { ids: 'decimal' },
    );
    const list = composed(80);
    await sendComposed(gw, demo.apikey, list);
    await untilAllFinal(gw);
    expectEachTextOnce(smsc, list);
    expect([...(await statusByNumber(gw)).values()].filter((s) => s !== 'SENT')).toEqual([]);
    expect(smsc.submits).toBeGreaterThan(smsc.ledger.length); // the throttled ones, taken on their second try
  });

  it('after a dropped link never sends a text twice: what may have gone out is in doubt, at most a window', async () => {
    const { gw, smsc, demo } = await setUp({ dropAt: 25, takeLast: true, receiptFirst: true }, { window: 10 });
    const list = composed(80);
    await sendComposed(gw, demo.apikey, list);
    await untilAllFinal(gw);
    expect(smsc.binds).toBe(2);
    const texts = reassemble(smsc.ledger);
    const doubtful = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select('to_number')
      .where('state', '=', PART.inDoubt)
      .execute();
    expect(doubtful.length).toBeGreaterThan(0);
    expect(doubtful.length).toBeLessThanOrEqual(10);
    const inDoubt = new Set(doubtful.map((p) => p.to_number));
    for (const r of list) {
      const got = texts.get(r.number) ?? [];
      // Never twice, never another's text; missing only where the link dropped it (in doubt).
      expect(got.length === 0 ? inDoubt.has(r.number) : got).toEqual(got.length === 0 ? true : [r.text]);
    }
    // Receipts of what the SMSC did take land by destination once the answers can no longer come. A
    // long text whose first part the link lost and whose last went on the new link is not whole at
    // the SMSC: that recipient waits, then is unknown, like one wholly lost.
    const whole = (n: string) => (texts.get(n)?.length ?? 0) > 0;
    gw.clock.advance(IN_DOUBT_SETTLE_MS);
    await tickCarrier(gw.ctx);
    const status = await statusByNumber(gw);
    for (const r of list) expect(status.get(r.number)).toBe(whole(r.number) ? 'SENT' : 'PENDING');
    gw.clock.advance(48 * 3_600_000);
    await tickCarrier(gw.ctx);
    const later = await statusByNumber(gw);
    for (const r of list) expect(later.get(r.number)).toBe(whole(r.number) ? 'SENT' : 'UNKNOWN');
  });

  it('never resends a part the SMSC took but never answered; it shows as UNKNOWN when no receipt comes', async () => {
    const { gw, smsc, demo } = await setUp(
      { silent: true, takeLast: true, receipts: false },
      { timeoutS: 0.2, window: 3 },
    );
    const list = composed(3);
    await sendComposed(gw, demo.apikey, list);
    await eventually(async () => {
      await tickCarrier(gw.ctx);
      const doubtful = await gw.ctx.db
        .selectFrom('carrier_parts')
        .select('id')
        .where('state', '=', PART.inDoubt)
        .execute();
      expect(doubtful.length).toBeGreaterThanOrEqual(3);
    });
    smsc.setFaults({ silent: false });
    gw.clock.advance(48 * 3_600_000 + 1);
    await tickCarrier(gw.ctx);
    const status = await statusByNumber(gw);
    expect([...status.values()]).toEqual(['UNKNOWN', 'UNKNOWN', 'UNKNOWN']);
    expect(smsc.ledger.length).toBe(
      (
        await gw.ctx.db
          .selectFrom('carrier_parts')
          .select('id')
          .where('state', '=', PART.final)
          .where('result', '=', 'UNKNOWN')
          .execute()
      ).length,
    );
  });

  it('sends sign-up codes through the carrier', async () => {
    const { gw, smsc } = await setUp();
    const { sendResetCode } = await import('../../server/src/accounts/system-texts');
    await sendResetCode(gw.ctx, 6, '0244000001', '4321');
    await eventually(() => expect(smsc.ledger.map((e) => e.to)).toEqual(['233244000001']));
    expect(reassemble(smsc.ledger).get('233244000001')?.[0]).toContain('4321');
  });
});
