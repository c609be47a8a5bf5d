// The SMPP 3.4 connector against an SMSC in the test process, fault by fault. No database
// here: what the gateway stores is in carrier-smpp.test.ts.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmppConnector } from '../../server/src/carrier/smpp/smpp-connector';
import type { SmppSettings } from '../../server/src/carrier/carrier-url';
import type { OutgoingPart, Receipt, SubmitOutcome } from '../../server/src/core/connector';
import { wireSegments } from '../../server/src/smpp/segments';
import { reassemble } from '../../server/src/smpp/concatenation';
import { FakeSmsc, settingsFor } from './helpers/fake-smsc';
import { eventually } from './helpers/eventually';

// A self-signed certificate for localhost and 127.0.0.1, made for these tests only.
const TLS = {
  key: readFileSync(new URL('./fixtures/smsc-tls-test.key', import.meta.url)),
  cert: readFileSync(new URL('./fixtures/smsc-tls-test.crt', import.meta.url)),
};

const FAST = { reconnect: { baseMs: 10, maxMs: 40 }, throttle: { baseMs: 5, maxMs: 20 } };

let smsc: FakeSmsc;
let connector: SmppConnector | null = null;
let stored: Receipt[] = [];

beforeEach(async () => {
  smsc = new FakeSmsc();
  await smsc.start();
  stored = [];
});
afterEach(async () => {
  await connector?.stop();
  connector = null;
  await smsc.stop();
});

const settings = (over: Partial<SmppSettings> = {}) => settingsFor(smsc.port, over);

async function started(
  over: Partial<SmppSettings> = {},
  sink = async (r: readonly Receipt[]) => void stored.push(...r),
) {
  connector = new SmppConnector('default', settings(over), FAST);
  await connector.start(sink);
  await eventually(() => expect(connector!.health().bound).toBe(true));
  return connector;
}

/** The parts of `count` recipients, 2332410000NN, each text its own. */
function parts(count: number, text = (i: number) => `Hello ${i}, your code is ${1000 + i}`): OutgoingPart[] {
  return Array.from({ length: count }, (_, i) => {
    const to = `2332410${String(i).padStart(5, '0')}`;
    return wireSegments(text(i), false, i).map((piece, k) => ({
      partId: i * 10 + k + 1,
      to,
      from: 'DEMO',
      fromTon: 5,
      fromNpi: 0,
      dataCoding: piece.dataCoding,
      esmClass: piece.esmClass,
      shortMessage: piece.shortMessage,
      meta: {
        recipientId: i,
        number: to,
        messageId: 1,
        jobId: null,
        recipientIndex: i,
        queuedAt: null,
        seq: k + 1,
        total: piece.total,
        text: text(i),
        unicode: false,
      },
    }));
  }).flat();
}

const submitAll = (c: SmppConnector, list: OutgoingPart[]) => Promise.all(list.map((p) => c.submit(p)));
const kinds = (outcomes: SubmitOutcome[]) => outcomes.map((o) => o.kind);

describe('the SMPP connector', () => {
  it('binds, writes every part once and in order with its exact bytes, and hands over receipts', async () => {
    const c = await started();
    const list = parts(30, (i) => (i % 3 === 0 ? `Akwaaba ${i} `.repeat(20) : `Hi ${i} [ok] €`));
    const outcomes = await submitAll(c, list);
    expect(kinds(outcomes).every((k) => k === 'accepted')).toBe(true);
    expect(smsc.ledger.map((e) => e.shortMessage.toString('hex'))).toEqual(
      list.map((p) => p.shortMessage.toString('hex')),
    );
    expect(smsc.ledger.every((e) => e.from === 'DEMO' && e.fromTon === 5 && e.fromNpi === 0)).toBe(true);
    const texts = reassemble(smsc.ledger);
    for (let i = 0; i < 30; i += 1)
      expect(texts.get(`2332410${String(i).padStart(5, '0')}`)).toEqual([
        list.find((p) => p.meta.recipientId === i)!.meta.text,
      ]);
    await eventually(() => expect(stored).toHaveLength(list.length));
    const ids = new Set(outcomes.map((o) => (o.kind === 'accepted' ? o.carrierId : '')));
    expect(stored.every((r) => ids.has(r.carrierId) && r.state === 'DELIVRD' && r.doneAt !== null)).toBe(true);
    await eventually(() => expect(smsc.receiptsAcked).toBe(list.length));
  });

  it('keeps at most a window of submits unanswered, and keeps the rate', async () => {
    const c = await started({ window: 4 });
    await submitAll(c, parts(200));
    expect(smsc.maxOutstanding).toBeLessThanOrEqual(4);
    expect(smsc.ledger).toHaveLength(200);
  });

  it('stores every receipt that trickles in while a batch is being stored, and those after', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sink = async (r: readonly Receipt[]) => {
      await gate;
      stored.push(...r);
    };
    // A receipt waits up to 300 ms for others to make a batch.
    connector = new SmppConnector('default', settings(), { ...FAST, receiptWaitMs: 300 });
    await connector.start(sink);
    await eventually(() => expect(connector!.health().bound).toBe(true));
    const c = connector;
    const [a, b, later] = parts(3);
    await c.submit(a!);
    await eventually(() => expect(smsc.receiptsSent).toBe(1));
    // Once its wait is over, the first batch is being stored (held at the gate) when the second comes.
    await new Promise((resolve) => setTimeout(resolve, 320));
    await c.submit(b!);
    await vi.waitFor(() => expect(smsc.receiptsSent).toBe(2), { interval: 1, timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release(); // the second is stored with the next batch, before its own wait ends
    await vi.waitFor(() => expect(stored).toHaveLength(2), { interval: 1, timeout: 20_000 });
    // That wait ends with nothing left to store; a receipt after it is stored all the same.
    await new Promise((resolve) => setTimeout(resolve, 350));
    await c.submit(later!);
    await eventually(() => expect(stored).toHaveLength(3));
    // Answered once stored: the answer is on its way when the sink returns.
    await eventually(() => expect(smsc.receiptsAcked).toBe(3));
  });

  it('answers deliver_sm only once the receipts are stored, and not at all when storing fails', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    const c = await started({}, async (r) => {
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
      await gate;
      stored.push(...r);
    });
    await submitAll(c, parts(1));
    await eventually(() => expect(c.health().errors).toBe(1));
    expect(smsc.receiptsAcked).toBe(0);
    smsc.setFaults({});
    await submitAll(
      c,
      parts(1).map((p) => ({ ...p, partId: 99 })),
    );
    await eventually(() => expect(smsc.receiptsSent).toBe(2));
    expect(smsc.receiptsAcked).toBe(0);
    release();
    await eventually(() => expect(smsc.receiptsAcked).toBe(1));
    expect(stored).toHaveLength(1);
  });

  it('pauses the whole connector when throttled and resumes in order, each part taken once', async () => {
    smsc.setFaults({ throttleEvery: 7 });
    const c = await started({ window: 5 });
    const list = parts(60);
    const outcomes = await submitAll(c, list);
    expect(kinds(outcomes).every((k) => k === 'accepted')).toBe(true);
    // Each taken once; a refused part goes before everything not yet written, so it lands at most a
    // window behind its place (the parts already on the wire behind it were taken first).
    const order = smsc.ledger.map((e) => e.to);
    expect(new Set(order).size).toBe(60);
    list.forEach((p, i) => expect(Math.abs(order.indexOf(p.to) - i)).toBeLessThan(5));
    expect(c.health().throttled).toBe(false);
    expect(smsc.submits).toBeGreaterThan(60);
  });

  it('fails a refused part with the carrier’s code and name, and goes on', async () => {
    smsc.setFaults({ reject: new Map([['233241000001', 0x0b]]) });
    const c = await started();
    const outcomes = await submitAll(c, parts(3));
    expect(outcomes[1]).toEqual({ kind: 'rejected', code: 0x0b, reason: 'ESME_RINVDSTADR' });
    expect(kinds(outcomes)).toEqual(['accepted', 'rejected', 'accepted']);
  });

  it('after a dropped link: the unanswered part is in doubt and never resent, the rest follow in order', async () => {
    smsc.setFaults({ dropAt: 5, takeLast: true });
    const c = await started({ window: 1 });
    const list = parts(12);
    const pending = submitAll(c, list);
    const outcomes = await pending;
    expect(c.health().reconnects).toBe(1);
    expect(kinds(outcomes)).toEqual([...Array(4).fill('accepted'), 'in-doubt', ...Array(7).fill('accepted')]);
    expect(smsc.ledger.map((e) => e.to)).toEqual(list.map((p) => p.to));
    expect(smsc.binds).toBe(2);
  });

  it('calls a submit never answered in doubt after the response timeout, and never resends it', async () => {
    smsc.setFaults({ silent: true, takeLast: true });
    const c = await started({ timeoutS: 0.2, window: 3 });
    const outcomes = await submitAll(c, parts(3));
    expect(kinds(outcomes)).toEqual(['in-doubt', 'in-doubt', 'in-doubt']);
    expect(smsc.ledger).toHaveLength(3);
    expect(c.health().inDoubt).toBe(3);
  });

  it('hands over receipts sent twice, late, out of order, before the answer, and in the other id form', async () => {
    smsc.setFaults({ twice: true, reverseBatch: 5, receiptDelayMs: 30, ids: 'hex-then-decimal' });
    // The carrier answers in hex and reports in decimal: told so, the connector gives the decimal key.
    const c = await started({ ids: 'decimal' });
    const outcomes = await submitAll(c, parts(10));
    await eventually(() => expect(stored).toHaveLength(20));
    const answered = outcomes.map((o) => (o.kind === 'accepted' ? o.carrierId : ''));
    expect(answered.every((id) => /^\d+$/.test(id))).toBe(true);
    expect(new Set(stored.map((r) => r.carrierId))).toEqual(new Set(answered));
    expect(stored.slice(0, 5).map((r) => r.to)).not.toEqual([...stored.slice(0, 5).map((r) => r.to)].sort());

    stored = [];
    smsc.setFaults({ twice: false, reverseBatch: 0, receiptDelayMs: 0, ids: 'same', receiptFirst: true });
    await submitAll(c, parts(3));
    await eventually(() => expect(stored).toHaveLength(3));
  });

  it('retries a refused bind with backoff, never showing the password, and binds once it is right', async () => {
    smsc.setFaults({ password: 'other' });
    connector = new SmppConnector('default', settings({ password: 'hunter2' }), FAST);
    await connector.start(async () => {});
    await eventually(() => expect(smsc.refusedBinds).toBeGreaterThanOrEqual(2));
    const health = connector.health();
    expect(health).toMatchObject({ bound: false, lastError: 'bind refused: ESME_RINVPASWD' });
    expect(JSON.stringify(health)).not.toContain('hunter2');
    expect(connector.freeSlots()).toBe(0);
    smsc.setFaults({ password: 'hunter2' });
    await eventually(() => expect(connector!.health().bound).toBe(true));
    expect(connector.health().lastError).toBe('');
  });

  it('binds over TLS (smpps://) to an SMSC whose certificate it trusts, and never to one it does not', async () => {
    await smsc.stop();
    smsc = new FakeSmsc();
    await smsc.start(TLS);
    connector = new SmppConnector('default', settings({ tls: true }), { ...FAST, tlsCa: TLS.cert });
    await connector.start(async (r) => void stored.push(...r));
    await eventually(() => expect(connector!.health().bound).toBe(true));
    const list = parts(3);
    expect(kinds(await submitAll(connector, list))).toEqual(['accepted', 'accepted', 'accepted']);
    expect([...reassemble(smsc.ledger).values()]).toEqual(list.map((p) => [p.meta.text]));
    await eventually(() => expect(stored).toHaveLength(3));
    await connector.stop();

    connector = new SmppConnector('default', settings({ tls: true }), FAST);
    await connector.start(async () => {});
    await eventually(() => expect(connector!.health().lastError).toContain('certificate'));
    expect(connector.health().bound).toBe(false);
    expect(smsc.binds).toBe(1);
  });

  it('sends enquire_link on time and answers the SMSC’s', async () => {
    await started({ enquireS: 0.05 });
    await eventually(() => expect(smsc.enquiresSeen).toBeGreaterThanOrEqual(2));
    smsc.enquireClients();
    await eventually(() => expect(smsc.enquiresAnswered).toBe(1));
  });

  it('binds a transmitter and a receiver when asked, receipts arriving on the receiver', async () => {
    const c = await started({ bind: 'transmitter+receiver' });
    expect(smsc.binds).toBe(2);
    await submitAll(c, parts(4));
    await eventually(() => expect(stored).toHaveLength(4));
  });

  it('on stop: parts never written come back to be sent later, unbinding the session', async () => {
    smsc.setFaults({ silent: true, takeLast: true });
    const c = await started({ window: 2, timeoutS: 0.2 });
    const pending = submitAll(c, parts(5));
    await eventually(() => expect(smsc.ledger).toHaveLength(2));
    await c.stop();
    connector = null;
    expect(kinds(await pending)).toEqual(['in-doubt', 'in-doubt', 'retry', 'retry', 'retry']);
  });
});
