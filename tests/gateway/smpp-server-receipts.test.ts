// Receipts to SMPP customers (docs/smpp.md#receipts), with the `smpp` package as the customer and the
// simulated carrier: one per outcome with the id the submit was answered with, held while unbound and
// sent in order on the next bind (claimed), taken as stored while bound, resent until answered, never
// doubled; across two instances and a killed one. On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { PDU } from 'smpp';
import { useTestGateway, type makeTestApp } from './helpers/test-app';
import { fundedAccount } from './helpers/messaging';
import {
  bind,
  gsmAscii,
  receiptField,
  receiptTextOf,
  receiptsArrive,
  smppAccessFor,
  startSmpp,
  submit,
  type Customer,
} from './helpers/smpp-customer';
import { suppress } from '../../server/src/optouts/suppression';
import { fanOutReceipts, submitsOfRecipients } from '../../server/src/smpp-server/receipts';
import { MESSAGE_STATE, type MessageStateName } from '../../server/src/smpp/protocol';
import { eventually } from './helpers/eventually';

const setup = useTestGateway();

async function setUp(options: Parameters<typeof makeTestApp>[0] = {}) {
  const gw = await setup.open({ carrierDelayMs: 0, ...options });
  const instance = await startSmpp(gw);
  setup.onStop(instance.stop);
  await fundedAccount(gw, 'demouser', 100_000);
  const { systemId, user } = await smppAccessFor(gw, 'demouser');
  return { port: instance.port, instance, systemId, user };
}

async function customer(port: number, systemId: string, type?: Parameters<typeof bind>[3]) {
  const c = await bind(port, systemId, undefined, type);
  expect(c.status).toBe(0);
  setup.onStop(c.close);
  return c;
}

async function send(c: Customer, to: string, fields: Record<string, unknown> = {}) {
  const resp = await submit(c.session, { destination_addr: to, short_message: gsmAscii(`hello ${to}`), ...fields });
  expect(resp.command_status).toBe(0);
  return String(resp.message_id);
}

/** The receipt's id in its text, its TLVs and state, each checked against the others. */
function read(pdu: PDU) {
  const id = receiptField(pdu, 'id');
  expect(Number(pdu.esm_class) & 0x3c).toBe(0x04);
  expect(pdu.receipted_message_id).toBe(id);
  const stat = receiptField(pdu, 'stat')!;
  expect(pdu.message_state).toBe(MESSAGE_STATE[stat as MessageStateName]);
  expect(receiptField(pdu, 'sub')).toBe('001');
  expect(receiptTextOf(pdu)).toMatch(
    /^id:\d+ sub:001 dlvrd:00[01] submit date:\d{10} done date:\d{10} stat:[A-Z]{7} err:\d{3} text:/,
  );
  return { id: id!, stat, err: receiptField(pdu, 'err')!, from: String(pdu.source_addr) };
}

describe('receipts', () => {
  it('sends one receipt per outcome, each with the id its submit was answered with', async () => {
    const { port, systemId, user } = await setUp();
    await suppress(setup.gw.ctx.db, user.profile_id, ['233241000770'], 'manual', user.profile_id, setup.gw.clock.now);
    const c = await customer(port, systemId);
    const ids = {
      DELIVRD: await send(c, '233241000010'),
      UNDELIV: await send(c, '233241000013'),
      REJECTD: await send(c, '233241000770'),
    };
    const receipts = (await receiptsArrive(c, 3)).map(read);
    const byStat = Object.fromEntries(receipts.map((r) => [r.stat, r]));
    expect(byStat.DELIVRD).toMatchObject({ id: ids.DELIVRD, err: '000', from: '233241000010' });
    expect(byStat.UNDELIV).toMatchObject({ id: ids.UNDELIV, from: '233241000013' });
    expect(byStat.REJECTD).toMatchObject({ id: ids.REJECTD, from: '233241000770' });
    await eventually(async () => {
      const rows = await setup.gw.ctx.db.selectFrom('smpp_receipts').select('state').execute();
      expect(rows.map((r) => r.state)).toEqual(['delivered', 'delivered', 'delivered']);
    });
  });

  it('says UNKNOWN when the carrier records no outcome, and honours registered_delivery 0 and 2', async () => {
    const { port, systemId } = await setUp();
    const c = await customer(port, systemId);
    // The simulator never reports a number ending 99 (the carrier then records UNKNOWN: docs/carrier.md).
    const unknown = await send(c, '233241000099');
    await send(c, '233241000020', { registered_delivery: 0 });
    await send(c, '233241000030', { registered_delivery: 2 });
    const failedOnly = await send(c, '233241000113', { registered_delivery: 2 });
    await receiptsArrive(c, 1);
    expect(c.delivered.map(read).map((r) => [r.id, r.stat])).toEqual([[failedOnly, 'UNDELIV']]);
    const row = await setup.gw.ctx.db
      .selectFrom('smpp_submits')
      .select('recipient_id')
      .where('id', '=', Number(unknown))
      .executeTakeFirstOrThrow();
    await eventually(async () => {
      const r = await setup.gw.ctx.db
        .selectFrom('message_recipients')
        .select('stage')
        .where('id', '=', row.recipient_id!)
        .executeTakeFirstOrThrow();
      expect(r.stage).not.toBe(0);
    });
    const now = setup.gw.clock.now;
    await setup.gw.ctx.db
      .transaction()
      .execute((trx) =>
        setup.gw.ctx.recipients.recordFinal(
          trx,
          setup.gw.ctx.db.dialectName,
          [{ recipientId: row.recipient_id!, status: 'UNKNOWN', error: '', doneAt: now }],
          now,
        ),
      );
    await receiptsArrive(c, 2);
    expect(read(c.delivered[1]!)).toMatchObject({ id: unknown, stat: 'UNKNOWN' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(c.delivered).toHaveLength(2);
  });

  it('gives each part of a long message its own receipt with its own id', async () => {
    const { port, systemId } = await setUp();
    const c = await customer(port, systemId);
    const text = 'x'.repeat(300);
    const ids = [];
    for (const seq of [1, 2]) {
      const udh = Buffer.from([5, 0, 3, 0x21, 2, seq]);
      ids.push(
        await send(c, '233241000010', {
          esm_class: 0x40,
          short_message: Buffer.concat([udh, gsmAscii(seq === 1 ? text.slice(0, 153) : text.slice(153))]),
        }),
      );
    }
    const receipts = (await receiptsArrive(c, 2)).map(read);
    expect(receipts.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(receipts.every((r) => r.stat === 'DELIVRD')).toBe(true);
  });

  it('keeps receipts while only a transmitter is bound and sends them in order on the next receiver bind', async () => {
    const { port, systemId, instance } = await setUp();
    const tx = await customer(port, systemId, 'transmitter');
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await send(tx, `2332410001${i}0`));
    await eventually(async () => {
      const rows = await setup.gw.ctx.db.selectFrom('smpp_receipts').selectAll().execute();
      expect(rows).toHaveLength(5);
    });
    expect(tx.delivered).toEqual([]);
    const rx = await customer(port, systemId, 'receiver');
    const receipts = (await receiptsArrive(rx, 5)).map(read);
    expect(receipts.map((r) => r.id)).toEqual(ids);
    // Older receipts may wait when a receiver binds: the new bind claims them, oldest first.
    expect(instance.server.receiptsSent).toEqual({ taken: 0, claimed: 5 });
  });

  it('resends a receipt until deliver_sm_resp, on the next bind after a bind dropped mid-window', async () => {
    const { port, systemId } = await setUp();
    const first = await customer(port, systemId);
    first.answer = false;
    const ids = [await send(first, '233241000010'), await send(first, '233241000020')];
    await receiptsArrive(first, 2);
    await first.close();
    const second = await customer(port, systemId);
    const again = (await receiptsArrive(second, 2)).map(read);
    expect(again.map((r) => r.id).sort()).toEqual([...ids].sort());
    await eventually(async () => {
      const rows = await setup.gw.ctx.db.selectFrom('smpp_receipts').select(['state', 'attempts']).execute();
      expect(rows).toEqual([
        { state: 'delivered', attempts: 2 },
        { state: 'delivered', attempts: 2 },
      ]);
    });
  });

  it('never makes a second receipt of one outcome, however often the events are read', async () => {
    const { port, systemId } = await setUp();
    const c = await customer(port, systemId);
    await send(c, '233241000010');
    await receiptsArrive(c, 1);
    await setup.gw.ctx.db.updateTable('smpp_cursor').set({ last_event_id: 0 }).execute();
    while ((await fanOutReceipts(setup.gw.ctx)) > 0);
    await send(c, '233241000020');
    await receiptsArrive(c, 2);
    expect(await setup.gw.ctx.db.selectFrom('smpp_receipts').selectAll().execute()).toHaveLength(2);
    expect(c.delivered).toHaveLength(2);
  });
});

describe('receipts taken at the fan-out', () => {
  it('a bound customer gets each receipt with its id, none of them claimed on the way', async () => {
    const { port, systemId, instance } = await setUp();
    const sent = instance.server.receiptsSent;
    const c = await customer(port, systemId);
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push(await send(c, `2332410003${i}0`));
    const got = (await receiptsArrive(c, 6)).map((pdu) => receiptField(pdu, 'id'));
    expect(got.sort()).toEqual([...ids].sort());
    expect(sent).toEqual({ taken: 6, claimed: 0 });
    await eventually(async () => {
      const rows = await setup.gw.ctx.db.selectFrom('smpp_receipts').select(['state', 'attempts']).execute();
      expect(rows).toEqual(Array.from({ length: 6 }, () => ({ state: 'delivered', attempts: 1 })));
    });
  });
});

describe('the fan-out', () => {
  it("finds a step's submits by the recipient index, not by reading every accepted submit", async () => {
    const gw = await setup.open();
    const query = submitsOfRecipients(gw.ctx.db, [1, 2, 3]).compile();
    const sqlite = gw.ctx.db.dialectName === 'sqlite';
    const { rows } = await gw.ctx.db.executeQuery<Record<string, unknown>>({
      ...query,
      sql: `explain ${sqlite ? 'query plan ' : ''}${query.sql}`,
    });
    const plan = rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
    if (sqlite) expect(plan).toContain('USING INDEX smpp_submits_recipient');
    expect(plan).not.toMatch(/smpp_submits_held/);
  });
});

describe('instances', () => {
  it('sends a receipt to a receiver bound on another instance than the submit', async () => {
    const { port, systemId } = await setUp();
    const other = await startSmpp(setup.gw, { carrier: false });
    setup.onStop(other.stop);
    const tx = await customer(port, systemId, 'transmitter');
    const rx = await customer(other.port, systemId, 'receiver');
    const id = await send(tx, '233241000010');
    expect(read((await receiptsArrive(rx, 1))[0]!).id).toBe(id);
    expect(tx.delivered).toEqual([]);
  });

  it('loses no submit answered and no receipt when an instance is killed mid-job, and doubles none', async () => {
    const { port, systemId, instance } = await setUp();
    const c = await customer(port, systemId);
    c.answer = false;
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await send(c, `2332410002${String(i).padStart(2, '0')}0`.slice(0, 12)));
    await receiptsArrive(c, 20);
    instance.server.kill();
    const next = await startSmpp(setup.gw, { carrier: false });
    setup.onStop(next.stop);
    const again = await customer(next.port, systemId);
    // The dead instance's claims hold until their lease ends; then the survivor resends them all.
    setup.gw.clock.advance(31_000);
    const receipts = (await receiptsArrive(again, 20)).map(read);
    expect(new Set(receipts.map((r) => r.id))).toEqual(new Set(ids));
    await eventually(async () => {
      const rows = await setup.gw.ctx.db.selectFrom('smpp_receipts').select('state').execute();
      expect(rows.filter((r) => r.state === 'delivered')).toHaveLength(20);
    });
    const recipients = await setup.gw.ctx.db
      .selectFrom('smpp_submits')
      .select('recipient_id')
      .where('id', 'in', ids.map(Number))
      .execute();
    expect(recipients.every((r) => r.recipient_id !== null)).toBe(true);
  });
});
