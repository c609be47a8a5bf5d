// Receipts taken by the fan-out for the instance's own receiver binds (docs/smpp.md#receipts): the
// rules of smpp-server/receipts-taken.ts, and a customer bound while its receipts are owed getting
// them without one claimed on the way; one bound later getting the older ones first, by claim.
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount } from './helpers/messaging';
import {
  bind,
  gsmAscii,
  receiptField,
  receiptsArrive,
  smppAccessFor,
  startSmpp,
  submit,
  type Customer,
} from './helpers/smpp-customer';
import { eventually } from './helpers/eventually';
import { ReceiptsTaken, TAKEN_AHEAD } from '../../server/src/smpp-server/receipts-taken';
import type { SmppReceiptRow } from '../../server/src/db/schema-smpp';

const receipt = (id: number, profileId: number, claimedUntil: number) =>
  ({ id, profile_id: profileId, claimed_until: claimedUntil }) as SmppReceiptRow;

describe('receipts taken ahead (the rules)', () => {
  it('an account bound here claims first (older receipts may wait), then takes, and claims again once its room filled', () => {
    const taken = new ReceiptsTaken();
    expect(taken.room([5])).toEqual(new Map());
    expect(taken.shouldClaim(5, 0)).toBe(true);
    taken.claimed(5, 50, 50, 0);
    // A full claim: more may wait, so still none is taken ahead.
    expect(taken.room([5])).toEqual(new Map());
    taken.claimed(5, 50, 3, 10);
    expect(taken.room([5])).toEqual(new Map([[5, TAKEN_AHEAD]]));
    expect(taken.shouldClaim(5, 100)).toBe(false);
    expect(taken.shouldClaim(5, 210)).toBe(true);
    taken.keep(new Map([[5, 2]]), [receipt(1, 5, 60_000), receipt(2, 5, 60_000)]);
    expect(taken.room([5])).toEqual(new Map());
    expect(taken.shouldClaim(5, 100)).toBe(true);
  });

  it('sends the taken oldest first, leaves one whose lease ran half out, and gives them all back when unbound', () => {
    const taken = new ReceiptsTaken();
    taken.claimed(5, 50, 0, 0);
    const room = taken.room([5]);
    taken.keep(room, [receipt(1, 5, 10_000), receipt(2, 5, 40_000), receipt(3, 5, 40_000), receipt(4, 5, 40_000)]);
    expect(taken.next(5, 2, 0).map((r) => r.id)).toEqual([2, 3]);
    // The stale one makes the account claim again before it takes more.
    expect(taken.room([5])).toEqual(new Map());
    expect(taken.drop(5)).toEqual([4]);
    expect(taken.next(5, 10, 0)).toEqual([]);
  });
});

let gw: TestGateway | null = null;
let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
  await gw?.close();
  gw = null;
});

async function setUp() {
  gw = await makeTestApp({ carrierDelayMs: 0 });
  const instance = await startSmpp(gw);
  stops.push(instance.stop);
  await fundedAccount(gw, 'demouser', 100_000);
  const { systemId } = await smppAccessFor(gw, 'demouser');
  return { port: instance.port, systemId, sent: instance.server.receiptsSent };
}

async function customer(port: number, systemId: string, type?: Parameters<typeof bind>[3]) {
  const c = await bind(port, systemId, undefined, type);
  expect(c.status).toBe(0);
  stops.push(c.close);
  return c;
}

async function send(c: Customer, to: string) {
  const resp = await submit(c.session, { destination_addr: to, short_message: gsmAscii(`hello ${to}`) });
  expect(resp.command_status).toBe(0);
  return String(resp.message_id);
}

describe('receipts taken at the fan-out', () => {
  it('a bound customer gets each receipt with its id, none of them claimed on the way', async () => {
    const { port, systemId, sent } = await setUp();
    const c = await customer(port, systemId);
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push(await send(c, `2332410003${i}0`));
    const got = (await receiptsArrive(c, 6)).map((pdu) => receiptField(pdu, 'id'));
    expect(got.sort()).toEqual([...ids].sort());
    expect(sent).toEqual({ taken: 6, claimed: 0 });
    await eventually(async () => {
      const rows = await gw!.ctx.db.selectFrom('smpp_receipts').select(['state', 'attempts']).execute();
      expect(rows).toEqual(Array.from({ length: 6 }, () => ({ state: 'delivered', attempts: 1 })));
    });
  });

  it('a customer binding while receipts wait gets those first, by claim, oldest first', async () => {
    const { port, systemId, sent } = await setUp();
    const tx = await customer(port, systemId, 'transmitter');
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await send(tx, `2332410004${i}0`));
    await eventually(async () =>
      expect(await gw!.ctx.db.selectFrom('smpp_receipts').selectAll().execute()).toHaveLength(4),
    );
    const rx = await customer(port, systemId, 'receiver');
    const got = (await receiptsArrive(rx, 4)).map((pdu) => receiptField(pdu, 'id'));
    expect(got).toEqual(ids);
    expect(sent).toEqual({ taken: 0, claimed: 4 });
  });
});
