// Each part's state is stored before it goes on the wire, receipts set each recipient's
// status, and neither a restart nor a second instance ever sends a part twice. The carrier here is a
// scripted connector (no network): the SMPP connector's own faults are in smpp-*.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount, sendItem, sendSms } from './helpers/messaging';
import { ScriptConnector, receiptFor, type Script } from './helpers/script-connector';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { Dispatcher, IN_DOUBT_SETTLE_MS } from '../../server/src/carrier/dispatcher';
import { INSTANCE_LEASE_MS } from '../../server/src/carrier/instances';
import { PART } from '../../server/src/db/schema-carrier';
import { decodeWire } from '../../server/src/smpp/concatenation';
import { eventually } from './helpers/eventually';

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

/** A gateway on the scripted carrier, with the demo data's own messages already sent and off the ledger. */
async function gatewayWith(connector: ScriptConnector, script?: Script) {
  gw = await makeTestApp({ connector, carrierDelayMs: 0 });
  await tickCarrier(gw.ctx);
  connector.ledger.length = 0;
  if (script) connector.setScript(script);
  const demo = await fundedAccount(gw, 'demouser', 1_000_000);
  return { gw, demo };
}

const statuses = async (g: TestGateway, messageId: number) =>
  (
    await g.ctx.db
      .selectFrom('message_recipients')
      .select(['number', 'status'])
      .where('message_id', '=', messageId)
      .orderBy('recipient_index')
      .execute()
  ).map((r) => `${r.number}:${r.status}`);

const counts = (g: TestGateway, messageId: number) =>
  g.ctx.db
    .selectFrom('messages')
    .select(['posted', 'submitted', 'sent', 'failed'])
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();

const partIds = (c: ScriptConnector) => c.ledger.map((p) => p.partId);

describe('parts and receipts', () => {
  it('sends a long text as its parts and makes the recipient SENT only once every part is delivered', async () => {
    const carrier = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(carrier);
    const text = 'Akwaaba! '.repeat(40).trim(); // 359 GSM characters: 3 parts
    const res = await sendSms(gw, demo.apikey, [
      sendItem({ shortMessage: text, destinationAddress: '233241000010,233241000020' }),
    ]);
    await tickCarrier(gw.ctx);
    expect(carrier.ledger).toHaveLength(6);
    const first = carrier.ledger.filter((p) => p.to === '233241000010');
    expect(first.map((p) => decodeWire(p).seq)).toEqual([1, 2, 3]);
    expect(first.map((p) => decodeWire(p).text).join('')).toBe(text);

    const [a, b, c] = first;
    await carrier.receipts([receiptFor(`c${a!.partId}`, a!.to), receiptFor(`c${b!.partId}`, b!.to)]);
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:PENDING', '233241000020:PENDING']);
    await carrier.receipts([receiptFor(`c${c!.partId}`, c!.to)]);
    const second = carrier.ledger.filter((p) => p.to === '233241000020');
    await carrier.receipts([receiptFor(`c${second[1]!.partId}`, second[1]!.to, 'UNDELIV')]);
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:SENT', '233241000020:FAILED']);
    expect(await counts(gw, res.body.message_id)).toEqual({ posted: 2, submitted: 2, sent: 1, failed: 1 });
  });

  it('stores receipts that come before their submit answer and applies them when the answer lands', async () => {
    const carrier = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(carrier, () => 'hold');
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233241000020' })]);
    const tick = tickCarrier(gw.ctx);
    await eventually(() => expect(carrier.heldCount).toBe(2));
    // An intermediate receipt (en route), then the final one, both before the answer.
    await carrier.receipts(carrier.ledger.map((p) => receiptFor(`c${p.partId}`, p.to, 'ENROUTE')));
    await carrier.receipts(carrier.ledger.map((p) => receiptFor(`c${p.partId}`, p.to)));
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:PENDING', '233241000020:PENDING']);
    carrier.release((p) => ({ kind: 'accepted', carrierId: `c${p.partId}` }));
    await tick;
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:SENT', '233241000020:SENT']);
    // Every receipt now names its part, the intermediate ones too: erasing a number finds them by it.
    const receipts = await gw.ctx.db
      .selectFrom('carrier_receipts')
      .select(['carrier_id', 'state', 'part_id'])
      .where(
        'carrier_id',
        'in',
        partIds(carrier).map((id) => `c${id}`),
      )
      .orderBy('id')
      .execute();
    expect(receipts.map((r) => [r.carrier_id, r.state, r.part_id])).toEqual([
      ...partIds(carrier).map((id) => [`c${id}`, 'ENROUTE', id]),
      ...partIds(carrier).map((id) => [`c${id}`, 'DELIVRD', id]),
    ]);
  });

  it('takes a repeated receipt, or one for an id it never gave, as a no-op', async () => {
    const carrier = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(carrier);
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010' })]);
    await tickCarrier(gw.ctx);
    const part = carrier.ledger[0]!;
    await carrier.receipts([receiptFor(`c${part.partId}`, part.to)]);
    await carrier.receipts([receiptFor(`c${part.partId}`, part.to), receiptFor('nobody-1', '233200000000')]);
    await carrier.receipts([receiptFor(`c${part.partId}`, part.to, 'UNDELIV')]);
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:SENT']);
    expect(await counts(gw, res.body.message_id)).toMatchObject({ sent: 1, failed: 0 });
    // One final event; the part holds its receipt's outcome, so the receipts of its id are not kept.
    const events = await gw.ctx.db
      .selectFrom('recipient_events')
      .select('new_status')
      .where('message_id', '=', res.body.message_id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.new_status)).toEqual(['PENDING', 'SENT']);
    expect(
      await gw.ctx.db.selectFrom('carrier_parts').select(['state', 'result']).where('id', '=', part.partId).execute(),
    ).toEqual([{ state: PART.final, result: 'DELIVRD' }]);
    const kept = await gw.ctx.db.selectFrom('carrier_receipts').select(['carrier_id', 'part_id']).execute();
    expect(kept).toEqual([{ carrier_id: 'nobody-1', part_id: null }]);
  });

  it('ends every part of a batch of receipts longer than one statement takes, each recipient once', async () => {
    const carrier = new ScriptConnector('default', undefined, 1000);
    const { gw, demo } = await gatewayWith(carrier);
    const numbers = Array.from({ length: 900 }, (_, i) => `2332410${String(i).padStart(5, '0')}`);
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers.join(',') })]);
    await eventually(async () => {
      await tickCarrier(gw.ctx);
      expect(carrier.ledger).toHaveLength(900);
    });
    // Each part's intermediate receipt, then its final one, twice over: 3,600 receipts in one batch.
    const all = [
      ...carrier.ledger.map((p) => receiptFor(`c${p.partId}`, p.to, 'ENROUTE')),
      ...carrier.ledger.map((p) => receiptFor(`c${p.partId}`, p.to)),
    ];
    await carrier.receipts([...all, ...all]);
    expect(new Set(await statuses(gw, res.body.message_id))).toEqual(new Set(numbers.map((n) => `${n}:SENT`)));
    expect(await counts(gw, res.body.message_id)).toMatchObject({ sent: 900, failed: 0 });
    const finalEvents = await gw.ctx.db
      .selectFrom('recipient_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message_id', '=', res.body.message_id)
      .where('new_status', '=', 'SENT')
      .executeTakeFirstOrThrow();
    expect(Number(finalEvents.n)).toBe(900);
    expect(await gw.ctx.db.selectFrom('carrier_receipts').select('id').execute()).toEqual([]);
  });

  it('matches a receipt to its own part only, even when ids look like other parts’ ids in another base', async () => {
    // Sequential ids: '4097' in decimal is '1001' in hex, another part's id. Only the exact key matches.
    const carrier = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(carrier, (_p, n) => ({
      kind: 'accepted',
      carrierId: n === 1 ? '4097' : '1001',
    }));
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233241000020' })]);
    await tickCarrier(gw.ctx);
    await carrier.receipts([receiptFor('0001001', '233241000020')]);
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:PENDING', '233241000020:SENT']);
  });

  it('fails a part the carrier refuses, with its code kept, and never sends it again', async () => {
    const carrier = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(carrier, (p) =>
      p.to === '233241000020'
        ? { kind: 'rejected', code: 0x0b, reason: 'ESME_RINVDSTADR' }
        : { kind: 'accepted', carrierId: `c${p.partId}` },
    );
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233241000020' })]);
    await tickCarrier(gw.ctx);
    await tickCarrier(gw.ctx);
    expect(carrier.ledger).toHaveLength(2);
    expect(await statuses(gw, res.body.message_id)).toEqual(['233241000010:PENDING', '233241000020:FAILED']);
    const refused = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select(['result', 'error'])
      .where('to_number', '=', '233241000020')
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({ result: 'REJECTED', error: '11 ESME_RINVDSTADR' });
  });

  it('sends again, first and in order, a part the connector could not write', async () => {
    let refusals = 0;
    const carrier = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(carrier, (p) =>
      p.to === '233241000020' && refusals++ === 0
        ? { kind: 'retry', reason: 'link down' }
        : { kind: 'accepted', carrierId: `c${p.partId}-${refusals}` },
    );
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000010,233241000020,233241000030' })]);
    await tickCarrier(gw.ctx);
    expect(carrier.ledger.map((p) => p.to)).toEqual(['233241000010', '233241000020', '233241000030', '233241000020']);
    const states = await gw.ctx.db.selectFrom('carrier_parts').select('state').execute();
    expect(states.every((s) => s.state === PART.accepted)).toBe(true);
  });
});

describe('restarts and instances', () => {
  it('after a crash, never sends again what may have gone out: in doubt until its receipt, else UNKNOWN', async () => {
    const after = new ScriptConnector('default');
    const { gw, demo } = await gatewayWith(after);
    const numbers = Array.from({ length: 30 }, (_, i) => `2332410000${String(i).padStart(2, '0')}`);
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers.join(',') })]);
    // The old instance: it claims the send, puts ten parts on the wire, hears nothing back, and dies.
    const before = new ScriptConnector('default', () => 'hold', 10);
    // Its clock stops with it: whatever its heartbeat timer still writes is the time it died.
    const diedAt = gw.clock.now;
    void new Dispatcher({ ...gw.ctx, now: () => diedAt }, before).run({ chunk: 2000, maxChunks: 1 });
    await eventually(() => expect(before.heldCount).toBe(10));

    await tickCarrier(gw.ctx); // the restarted gateway: the old one's lease is not over yet
    expect(after.ledger).toEqual([]);
    gw.clock.advance(INSTANCE_LEASE_MS + 1);
    await tickCarrier(gw.ctx);
    const sentBefore = new Set(partIds(before));
    expect(partIds(after).filter((id) => sentBefore.has(id))).toEqual([]);
    expect(before.ledger.length + after.ledger.length).toBe(30);
    expect(new Set([...before.ledger, ...after.ledger].map((p) => p.to)).size).toBe(30);

    const doubtful = await gw.ctx.db
      .selectFrom('carrier_parts')
      .select(['id', 'to_number'])
      .where('state', '=', PART.inDoubt)
      .execute();
    expect(doubtful.map((p) => p.id).sort((x, y) => x - y)).toEqual([...sentBefore].sort((x, y) => x - y));
    // The carrier did take one of them: its receipts (an id the gateway never heard), en route then
    // delivered, land by destination.
    await after.receipts([receiptFor('lost-answer-1', before.ledger[0]!.to, 'ENROUTE')]);
    await after.receipts([receiptFor('lost-answer-1', before.ledger[0]!.to)]);
    await after.receipts(after.ledger.map((p) => receiptFor(`c${p.partId}`, p.to)));
    gw.clock.advance(IN_DOUBT_SETTLE_MS);
    await tickCarrier(gw.ctx);
    gw.clock.advance(48 * 3_600_000 + 1);
    await tickCarrier(gw.ctx);
    const rows = await statuses(gw, res.body.message_id);
    expect(rows.filter((r) => r.endsWith(':SENT'))).toHaveLength(21);
    expect(rows.filter((r) => r.endsWith(':UNKNOWN'))).toHaveLength(9);
    expect(rows).toContain(`${before.ledger[0]!.to}:SENT`);
    // Both receipts name the part they were matched to (an erasure of the number finds them by it).
    const lost = await gw.ctx.db
      .selectFrom('carrier_receipts')
      .select(['state', 'part_id'])
      .where('carrier_id', '=', 'lost-answer-1')
      .orderBy('id')
      .execute();
    const lostPart = doubtful.find((p) => p.to_number === before.ledger[0]!.to)!.id;
    expect(lost).toEqual([
      { state: 'ENROUTE', part_id: lostPart },
      { state: 'DELIVRD', part_id: lostPart },
    ]);
  });

  it('shares one queue between two instances on one database without a part sent twice', async () => {
    const one = new ScriptConnector('default', (p) => ({ kind: 'accepted', carrierId: `a${p.partId}` }), 10);
    const { gw, demo } = await gatewayWith(one);
    const two = new ScriptConnector('default', (p) => ({ kind: 'accepted', carrierId: `b${p.partId}` }), 10);
    const other = new Dispatcher({ ...gw.ctx }, two);
    const numbers = Array.from({ length: 3000 }, (_, i) => `23324${String(i).padStart(6, '0')}0`);
    await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers.join(',') })]);
    await Promise.all([
      tickCarrier(gw.ctx, { chunk: 100 }),
      other.run({ chunk: 100, maxChunks: Number.POSITIVE_INFINITY }),
    ]);
    const all = [...partIds(one), ...partIds(two)];
    expect(all).toHaveLength(3000);
    expect(new Set(all).size).toBe(3000);
    expect(one.ledger.length).toBeGreaterThan(0);
    expect(two.ledger.length).toBeGreaterThan(0);
    await other.stop();
  });

  it('sends sign-up and reset codes through the configured connector', async () => {
    const carrier = new ScriptConnector('default');
    const { gw } = await gatewayWith(carrier);
    const { sendResetCode } = await import('../../server/src/accounts/system-texts');
    await sendResetCode(gw.ctx, 6, '0244000001', '4321');
    expect(carrier.ledger.map((p) => p.to)).toEqual(['233244000001']);
    expect(decodeWire(carrier.ledger[0]!).text).toContain('4321');
  });
});
