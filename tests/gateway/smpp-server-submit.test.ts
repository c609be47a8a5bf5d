// submit_sm at the SMPP server (docs/smpp.md#sending), with the `smpp` package as the customer: each
// data coding, each long-message form reassembled into one recipient and billed per part, the sender
// rule, credit, opt-outs, throttling in parts, and scheduled and validity times.
import { describe, expect, it, vi } from 'vitest';
import smpp, { type PDU } from 'smpp';
import { useTestGateway } from './helpers/test-app';
import { balanceOf, fundedAccount } from './helpers/messaging';
import { bind, gsmAscii, smppAccessFor, startSmpp, submit, ucs2, type Customer } from './helpers/smpp-customer';
import { gsmEncode } from '../../server/src/smpp/gsm-alphabet';
import { suppress } from '../../server/src/optouts/suppression';
import { smsLength, smsParts } from '../../src/domain/messages/sms';

const setup = useTestGateway();

async function setUp(access: Parameters<typeof smppAccessFor>[2] = {}, credits = 100_000) {
  const gw = await setup.open();
  const smppServer = await startSmpp(gw, { carrier: false });
  setup.onStop(smppServer.stop);
  await fundedAccount(gw, 'demouser', credits);
  const { systemId, user } = await smppAccessFor(gw, 'demouser', access);
  const c = await bind(smppServer.port, systemId);
  setup.onStop(c.close);
  expect(c.status).toBe(0);
  return { c, user };
}

/** The recipient a message_id was given for: its number, text, parts and status, and its message. */
async function recipientOf(messageId: string) {
  const submitRow = await setup.gw.ctx.db
    .selectFrom('smpp_submits')
    .selectAll()
    .where('id', '=', Number(messageId))
    .executeTakeFirstOrThrow();
  expect(submitRow.recipient_id).not.toBeNull();
  return setup.gw.ctx.db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select(['r.id', 'r.number', 'r.text', 'm.short_message', 'r.parts', 'r.status', 'm.source_address', 'm.kind'])
    .where('r.id', '=', submitRow.recipient_id!)
    .executeTakeFirstOrThrow();
}

const textOf = (r: { text: string | null; short_message: string }) => r.text ?? r.short_message;

async function accepted(c: Customer, fields: Record<string, unknown>) {
  const resp = await submit(c.session, fields);
  expect(resp.command_status, `status 0x${resp.command_status.toString(16)}`).toBe(0);
  expect(String(resp.message_id)).toMatch(/^[1-9]\d*$/);
  return String(resp.message_id);
}

describe('encodings', () => {
  it('reads GSM 7-bit with escapes, IA5, Latin-1 and UCS-2 into the exact text, billed per part', async () => {
    const { c } = await setUp();
    const before = await balanceOf(setup.gw, 'demouser');
    const cases: [number, Buffer, string, string][] = [
      [0, gsmEncode('Price: €5 {ok} [x] ~ ^ | \\ @home'), '233241000010', 'Price: €5 {ok} [x] ~ ^ | \\ @home'],
      [1, Buffer.from('Plain IA5 text 123', 'latin1'), '233241000020', 'Plain IA5 text 123'],
      [3, Buffer.from('Café naïve à la crème', 'latin1'), '233241000030', 'Café naïve à la crème'],
      [8, ucs2('Ɛte sɛn? Yɛda wo ase 🎉'), '233241000040', 'Ɛte sɛn? Yɛda wo ase 🎉'],
    ];
    for (const [dataCoding, bytes, to, text] of cases) {
      const id = await accepted(c, { data_coding: dataCoding, short_message: bytes, destination_addr: to });
      const r = await recipientOf(id);
      expect(textOf(r), `data_coding ${dataCoding}`).toBe(text);
      expect(r).toMatchObject({ number: to, parts: 1, source_address: 'DEMO', kind: 'quick' });
    }
    expect(await balanceOf(setup.gw, 'demouser')).toBe(before - 4);
  });

  it('refuses a data coding it does not take', async () => {
    const { c } = await setUp();
    const resp = await submit(c.session, { data_coding: 4, short_message: Buffer.from([1, 2, 3]) });
    expect(resp.command_status).toBe(smpp.errors.ESME_RSUBMITFAIL);
  });
});

/** A GSM text of `n` characters, each part's slice distinct. */
const longGsm = (n: number) => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]).join('');

describe('long messages', () => {
  it('joins UDH parts with an 8-bit reference into one recipient billed per part, each part its own id', async () => {
    const { c } = await setUp();
    const before = await balanceOf(setup.gw, 'demouser');
    const text = longGsm(400);
    const slices = [text.slice(0, 153), text.slice(153, 306), text.slice(306)];
    const ids: string[] = [];
    for (const [i, slice] of slices.entries()) {
      const udh = Buffer.from([5, 0, 3, 0x42, 3, i + 1]);
      ids.push(await accepted(c, { esm_class: 0x40, short_message: Buffer.concat([udh, gsmAscii(slice)]) }));
    }
    expect(new Set(ids).size).toBe(3);
    const rows = await Promise.all(ids.map(recipientOf));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    expect(textOf(rows[0]!)).toBe(text);
    expect(rows[0]!.parts).toBe(3);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(before - 3);
  });

  it('joins UCS-2 parts with a 16-bit reference, a surrogate pair cut between two parts', async () => {
    const { c } = await setUp();
    const text = `${'ɛ'.repeat(66)}🎉${'ɔ'.repeat(60)}`;
    const bytes = ucs2(text);
    // 67 UTF-16 units a part: the pair's first half ends part 1, its second half starts part 2.
    const parts = [bytes.subarray(0, 134), bytes.subarray(134)];
    const ids: string[] = [];
    for (const [i, part] of parts.entries()) {
      const udh = Buffer.from([6, 8, 4, 0x12, 0x34, 2, i + 1]);
      ids.push(await accepted(c, { esm_class: 0x40, data_coding: 8, short_message: Buffer.concat([udh, part]) }));
    }
    const r = await recipientOf(ids[1]!);
    expect(textOf(r)).toBe(text);
    // Billed as the app counts this text's parts (src/domain/sms.ts), as any other send of it.
    expect(r.parts).toBe(smsParts(smsLength(text, true)));
  });

  it('joins parts given by sar_ TLVs, whatever order they come in', async () => {
    const { c } = await setUp();
    const text = longGsm(300);
    const slices = [text.slice(0, 153), text.slice(153)];
    const second = await accepted(c, {
      short_message: gsmAscii(slices[1]!),
      sar_msg_ref_num: 7,
      sar_total_segments: 2,
      sar_segment_seqnum: 2,
    });
    expect(
      await setup.gw.ctx.db
        .selectFrom('smpp_submits')
        .select('state')
        .where('id', '=', Number(second))
        .executeTakeFirst(),
    ).toEqual({ state: 'held' });
    const first = await accepted(c, {
      short_message: gsmAscii(slices[0]!),
      sar_msg_ref_num: 7,
      sar_total_segments: 2,
      sar_segment_seqnum: 1,
    });
    const r = await recipientOf(first);
    expect(textOf(r)).toBe(text);
    expect((await recipientOf(second)).id).toBe(r.id);
  });

  it('takes a whole long text in message_payload, billed for its parts', async () => {
    const { c } = await setUp();
    const before = await balanceOf(setup.gw, 'demouser');
    const text = longGsm(320);
    const id = await accepted(c, { short_message: Buffer.alloc(0), message_payload: gsmAscii(text) });
    const r = await recipientOf(id);
    expect(textOf(r)).toBe(text);
    expect(r.parts).toBe(3);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(before - 3);
  });

  it('keeps two long messages to one number apart by their reference', async () => {
    const { c } = await setUp();
    const a = longGsm(200);
    const b = longGsm(200).toUpperCase();
    const send = (text: string, ref: number, seq: number) =>
      accepted(c, {
        esm_class: 0x40,
        short_message: Buffer.concat([
          Buffer.from([5, 0, 3, ref, 2, seq]),
          gsmAscii(seq === 1 ? text.slice(0, 153) : text.slice(153)),
        ]),
      });
    const a1 = await send(a, 1, 1);
    const b1 = await send(b, 2, 1);
    await send(b, 2, 2);
    await send(a, 1, 2);
    expect(textOf(await recipientOf(a1))).toBe(a);
    expect(textOf(await recipientOf(b1))).toBe(b);
  });
});

describe('the send rules', () => {
  it('takes approved sender IDs only', async () => {
    const { c } = await setUp();
    for (const source of ['PROMO', 'NOTMINE']) {
      const resp = await submit(c.session, { source_addr: source, short_message: gsmAscii('hi') });
      expect(resp.command_status, source).toBe(smpp.errors.ESME_RINVSRCADR);
    }
    expect((await submit(c.session, { source_addr: 'ALERTS', short_message: gsmAscii('hi') })).command_status).toBe(0);
  });

  it('refuses a destination that is not a phone number', async () => {
    const { c } = await setUp();
    const resp = await submit(c.session, { destination_addr: '12', short_message: gsmAscii('hi') });
    expect(resp.command_status).toBe(smpp.errors.ESME_RINVDSTADR);
  });

  it('answers ESME_RSUBMITFAIL when the credit is short, storing and charging nothing', async () => {
    const { c } = await setUp({}, 2);
    const resp = await submit(c.session, { message_payload: gsmAscii(longGsm(400)), short_message: Buffer.alloc(0) });
    expect(resp.command_status).toBe(smpp.errors.ESME_RSUBMITFAIL);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(2);
    expect(await setup.gw.ctx.db.selectFrom('smpp_submits').selectAll().execute()).toEqual([]);
    expect((await submit(c.session, { short_message: gsmAscii('short') })).command_status).toBe(0);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(1);
  });

  it('refuses the part that completes a message the credit cannot pay, and receipts the others REJECTD', async () => {
    const { c } = await setUp({}, 1);
    const text = longGsm(200);
    const first = await accepted(c, {
      esm_class: 0x40,
      short_message: Buffer.concat([Buffer.from([5, 0, 3, 9, 2, 1]), gsmAscii(text.slice(0, 153))]),
    });
    const last = await submit(c.session, {
      esm_class: 0x40,
      short_message: Buffer.concat([Buffer.from([5, 0, 3, 9, 2, 2]), gsmAscii(text.slice(153))]),
    });
    expect(last.command_status).toBe(smpp.errors.ESME_RSUBMITFAIL);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(1);
    const receipts = await setup.gw.ctx.db.selectFrom('smpp_receipts').selectAll().execute();
    expect(receipts.map((r) => [String(r.submit_id), r.stat])).toEqual([[first, 'REJECTD']]);
  });

  it('stores an opted-out number as opted out: answered, never charged', async () => {
    const { c, user } = await setUp();
    await suppress(setup.gw.ctx.db, user.profile_id, ['233241000077'], 'manual', user.profile_id, setup.gw.clock.now);
    const before = await balanceOf(setup.gw, 'demouser');
    const id = await accepted(c, { destination_addr: '233241000077', short_message: gsmAscii('hi') });
    expect((await recipientOf(id)).status).toBe('OPTED_OUT');
    expect(await balanceOf(setup.gw, 'demouser')).toBe(before);
  });
});

describe('throughput', () => {
  it('counts parts: past the limit a submit is answered ESME_RTHROTTLED', async () => {
    const { c } = await setUp({ throughput: 4 });
    const long = longGsm(400);
    const resp = await submit(c.session, { message_payload: gsmAscii(long), short_message: Buffer.alloc(0) });
    expect(resp.command_status).toBe(0);
    const answers: PDU[] = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        submit(c.session, { destination_addr: `23324100010${i}`, short_message: gsmAscii('hi') }),
      ),
    );
    const statuses = answers.map((a) => a.command_status);
    expect(statuses.filter((s) => s === 0).length).toBeLessThanOrEqual(2);
    expect(statuses).toContain(smpp.errors.ESME_RTHROTTLED);
  });

  it('sends nothing at a limit of 0, and keeps the bind', async () => {
    const { c } = await setUp({ throughput: 0 });
    for (let i = 0; i < 3; i += 1) {
      const resp = await submit(c.session, { short_message: gsmAscii('hi') });
      expect(resp.command_status).toBe(smpp.errors.ESME_RTHROTTLED);
    }
    expect(c.session.socket.destroyed).toBe(false);
  });
});

describe('schedule_delivery_time and validity_period', () => {
  it('holds a scheduled message (relative or absolute time) until it is due', async () => {
    const { c } = await setUp();
    const relative = await accepted(c, {
      schedule_delivery_time: '000000000200000R',
      short_message: gsmAscii('later'),
    });
    // 2026-11-20 12:03:00 at +04 quarter hours (+01:00) is 11:03 UTC: 63 minutes after the test clock.
    const absolute = await accepted(c, {
      schedule_delivery_time: '261120120300004+',
      destination_addr: '233241000020',
      short_message: gsmAscii('much later'),
    });
    const state = async (id: string) =>
      (await setup.gw.ctx.db.selectFrom('smpp_submits').select('state').where('id', '=', Number(id)).executeTakeFirst())
        ?.state;
    expect(await state(relative)).toBe('held');
    setup.gw.clock.advance(2 * 60_000 + 1000);
    await vi.waitFor(async () => expect(await state(relative)).toBe('accepted'), { timeout: 5000 });
    expect(await state(absolute)).toBe('held');
    setup.gw.clock.advance(61 * 60_000);
    await vi.waitFor(async () => expect(await state(absolute)).toBe('accepted'), { timeout: 5000 });
    expect(textOf(await recipientOf(absolute))).toBe('much later');
  });

  it('bounds what an account may hold: 30 days ahead, a send’s length, and parts its balance covers', async () => {
    const { c } = await setUp({}, 5);
    const status = async (fields: Record<string, unknown>) => (await submit(c.session, fields)).command_status;
    const held = () => setup.gw.ctx.db.selectFrom('smpp_submits').select('id').where('state', '=', 'held').execute();
    // 99 years ahead (relative), and 31 days: kept for ever, charged never.
    expect(await status({ schedule_delivery_time: '990000000000000R', short_message: gsmAscii('x') })).toBe(
      smpp.errors.ESME_RINVSCHED,
    );
    expect(await status({ schedule_delivery_time: '000031000000000R', short_message: gsmAscii('x') })).toBe(
      smpp.errors.ESME_RINVSCHED,
    );
    // A message_payload of ten parts, scheduled: refused as any send that long, not stored.
    const tooLong = 'x'.repeat(1531);
    expect(smsParts(smsLength(tooLong, false))).toBe(10);
    expect(await status({ schedule_delivery_time: '000030000000000R', message_payload: gsmAscii(tooLong) })).toBe(
      smpp.errors.ESME_RINVMSGLEN,
    );
    expect(await held()).toEqual([]);
    // 5 credits cover a message's own parts and a credit for each scheduled submit held already: one
    // of 6 parts is refused, one of 3 taken, then one part at a time until 5 are held (4 held + 1 = 5).
    expect(
      await status({ schedule_delivery_time: '000030000000000R', message_payload: gsmAscii('z'.repeat(800)) }),
    ).toBe(smpp.errors.ESME_RSUBMITFAIL);
    await accepted(c, { schedule_delivery_time: '000030000000000R', message_payload: gsmAscii('y'.repeat(400)) });
    for (const text of ['one', 'two', 'three', 'four'])
      await accepted(c, { schedule_delivery_time: '000001000000000R', short_message: gsmAscii(text) });
    expect(await status({ schedule_delivery_time: '000001000000000R', short_message: gsmAscii('five') })).toBe(
      smpp.errors.ESME_RSUBMITFAIL,
    );
    expect(await held()).toHaveLength(5);
    // Nothing is charged while held.
    expect(await balanceOf(setup.gw, 'demouser')).toBe(5);
  });

  it('refuses a malformed time and a validity already past; expires a held message past its validity', async () => {
    const { c } = await setUp();
    expect(
      (await submit(c.session, { schedule_delivery_time: 'tomorrow', short_message: gsmAscii('x') })).command_status,
    ).toBe(smpp.errors.ESME_RINVSCHED);
    expect(
      (await submit(c.session, { validity_period: '201120100000000+', short_message: gsmAscii('x') })).command_status,
    ).toBe(smpp.errors.ESME_RINVEXPIRY);
    const id = await accepted(c, {
      esm_class: 0x40,
      validity_period: '000000000100000R',
      short_message: Buffer.concat([Buffer.from([5, 0, 3, 1, 2, 1]), gsmAscii('part one')]),
    });
    setup.gw.clock.advance(2 * 60_000);
    await vi.waitFor(
      async () => {
        const r = await setup.gw.ctx.db.selectFrom('smpp_receipts').selectAll().execute();
        expect(r.map((x) => [String(x.submit_id), x.stat])).toEqual([[id, 'EXPIRED']]);
      },
      { timeout: 5000 },
    );
  });
});
