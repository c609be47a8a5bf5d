// One user's large request must not hold the gateway's event loop while other tenants wait: a large
// contact import, a large send's acceptance and the carrier's steps go in chunks, and other work (here
// a setImmediate counter, which advances only when the loop is free) runs between them. Asserted by
// interleaving, never by time.
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount, numbers, sendItem, sendSms } from './helpers/messaging';
import { ScriptConnector } from './helpers/script-connector';
import { importIntoGroup } from '../../server/src/phonebook/contacts';
import { createGroup } from '../../server/src/phonebook/groups';
import { acceptSend } from '../../server/src/sending/accept-send';
import { parseSendItems } from '../../server/src/sending/send-items';
import { sendItemSchema, type SendItemInput } from '../../src/domain/contract/send';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { Dispatcher, FLUSH_STEP } from '../../server/src/carrier/dispatcher';
import type { Db } from '../../server/src/db/database';
import { RECEIPT_STEP, SimConnector } from '../../server/src/carrier/sim/sim-connector';
import { storeReceipts } from '../../server/src/carrier/parts/receipts';

/** Counts the event loop's turns: it advances only while nothing holds the loop. */
function loopTurns() {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get now() {
      return turns;
    },
    stop() {
      running = false;
    },
  };
}

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

const userRow = (g: TestGateway, username: string) =>
  g.ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

describe('the event loop turns during one user’s large request', () => {
  it('a 20,000-row contact import lets the loop turn while it checks the rows and while it stores them', async () => {
    gw = await makeTestApp();
    const user = await userRow(gw, 'demouser');
    await createGroup(gw.ctx, user, 'Big import');
    const turns = loopTurns();
    const readAt: number[] = [];
    // The first and the last row note the loop's turns when the import reads them.
    const watched = (i: number) => ({
      get firstname() {
        readAt.push(turns.now);
        return `Watched ${i}`;
      },
      phonenumber: `2332400${String(i).padStart(5, '0')}`,
    });
    const rows: object[] = Array.from({ length: 20_000 }, (_, i) =>
      i === 0 || i === 19_999
        ? watched(i)
        : { firstname: `P${i}`, phonenumber: `2332400${String(i).padStart(5, '0')}` },
    );
    const { result } = await importIntoGroup(gw.ctx, user, 'Big import', rows);
    const doneAt = turns.now;
    turns.stop();

    expect(result).toMatchObject({ inserted: 20_000, rejected: 0 });
    expect(readAt).toHaveLength(2);
    // Between the first row's check and the last's, other work ran...
    expect(readAt[1]!).toBeGreaterThan(readAt[0]!);
    // ...and again while the rows were stored (SQLite answers without ever giving the loop back).
    expect(doneAt).toBeGreaterThan(readAt[1]!);
    const stored = await gw.ctx.db
      .selectFrom('contacts')
      .innerJoin('groups', 'groups.id', 'contacts.group_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('groups.groupname', '=', 'Big import')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(20_000);
  });

  it('a send of 5,000 items lets the loop turn while its items are checked', async () => {
    const turns = loopTurns();
    const readAt: number[] = [];
    const watched = () => ({
      ...sendItem(),
      get shortMessage() {
        readAt.push(turns.now);
        return 'Hello';
      },
    });
    const items = [watched(), ...Array.from({ length: 4_998 }, () => sendItem()), watched()];
    const checked = await parseSendItems(items);
    turns.stop();
    expect(checked).toHaveLength(5_000);
    expect(readAt).toHaveLength(2);
    expect(readAt[1]!).toBeGreaterThan(readAt[0]!);
    await expect(parseSendItems([sendItem(), { ...sendItem(), messageDescription: 'x'.repeat(101) }])).rejects.toThrow(
      'Invalid request: messageobject.1.messageDescription must be at most 100 characters',
    );
  });

  it('a 20,002-recipient send lets the loop turn while its numbers are read and while its recipients are stored', async () => {
    gw = await makeTestApp();
    await fundedAccount(gw, 'demouser', 30_000);
    const user = await userRow(gw, 'demouser');
    const turns = loopTurns();
    const readAt: number[] = [];
    const item = (destinationAddress: string, watched: boolean): SendItemInput => {
      const parsed = sendItemSchema.parse(sendItem({ destinationAddress }));
      if (!watched) return parsed;
      return Object.defineProperty(parsed, 'destinationAddress', {
        get() {
          readAt.push(turns.now);
          return destinationAddress;
        },
      });
    };
    // One number, then 20,000, then one: the watched items mark the start and the end of the 20,000.
    const items = [item('233240000010', true), item(numbers(20_000, 100), false), item('233240000020', true)];
    const answer = await acceptSend(gw.ctx, user, items, null);
    const doneAt = turns.now;
    turns.stop();

    expect(answer.message).toBe('Messages sent successfully');
    expect(answer.creditbalance).toBe(30_000 - 20_002);
    expect(readAt).toHaveLength(2);
    expect(readAt[1]!).toBeGreaterThan(readAt[0]!);
    expect(doneAt).toBeGreaterThan(readAt[1]!);
    const stored = await gw.ctx.db
      .selectFrom('message_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('message_id', '=', answer.message_id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(20_002);
  });

  it(`the carrier writes a 1,000-recipient chunk to a wide window ${FLUSH_STEP} parts a turn, not all at once`, async () => {
    const turns = loopTurns();
    const submittedAt: number[] = [];
    const carrier = new ScriptConnector(
      'wide',
      (part) => {
        submittedAt.push(turns.now);
        return { kind: 'accepted', carrierId: `c${part.partId}` };
      },
      2000,
    );
    gw = await makeTestApp({ connector: carrier, carrierDelayMs: 0 });
    await tickCarrier(gw.ctx); // the demo data's own messages
    const demo = await fundedAccount(gw, 'demouser', 10_000);
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(1000) })]);
    expect(res.status).toBe(200);
    submittedAt.length = 0;
    await tickCarrier(gw.ctx, { maxChunks: 1 });
    turns.stop();

    expect(submittedAt).toHaveLength(1000);
    const perTurn = new Map<number, number>();
    for (const t of submittedAt) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect(perTurn.size).toBeGreaterThanOrEqual(1000 / FLUSH_STEP);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(FLUSH_STEP);
    const submitted = await gw.ctx.db
      .selectFrom('messages')
      .select('submitted')
      .where('id', '=', res.body.message_id)
      .executeTakeFirstOrThrow();
    expect(submitted.submitted).toBe(1000);
  });

  it('a claim step that fails strands none of the recipients the steps before it claimed', async () => {
    const carrier = new ScriptConnector('wide', (part) => ({ kind: 'accepted', carrierId: `c${part.partId}` }), 2000);
    gw = await makeTestApp({ connector: carrier, carrierDelayMs: 0 });
    await tickCarrier(gw.ctx); // the demo data's own messages
    const demo = await fundedAccount(gw, 'demouser', 10_000);
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(1000) })]);
    carrier.ledger.length = 0;

    // The second claim of the step fails as a busy database would, after the first committed.
    let claims = 0;
    let failing = true;
    const real = gw.ctx.db;
    const isClaim = (r: unknown) => Array.isArray(r) && r.length > 0 && 'recipientId' in r[0] && 'seq' in r[0];
    const db = new Proxy(real, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => {
            const builder = target.transaction();
            return {
              execute: <T>(fn: (trx: unknown) => Promise<T>) =>
                builder.execute(async (trx) => {
                  const out = await fn(trx);
                  if (failing && isClaim(out) && ++claims === 2) throw new Error('database is locked');
                  return out;
                }),
            };
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const dispatcher = new Dispatcher({ ...gw.ctx, db }, carrier);
    await expect(dispatcher.run({ chunk: 1000, maxChunks: 1 })).rejects.toThrow('database is locked');
    failing = false;
    await dispatcher.run({ chunk: 1000, maxChunks: Number.POSITIVE_INFINITY });
    await dispatcher.stop();

    const sent = carrier.ledger.map((p) => p.meta.number).sort();
    expect(sent).toEqual(numbers(1000).split(',').sort());
    const message = await gw.ctx.db
      .selectFrom('messages')
      .select(['posted', 'submitted'])
      .where('id', '=', res.body.message_id)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ posted: 1000, submitted: 1000 });
  });

  it(`the simulated carrier reports ${RECEIPT_STEP} receipts a turn, and every recipient ends SENT`, async () => {
    gw = await makeTestApp();
    const demo = await fundedAccount(gw, 'demouser', 10_000);
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(1000) })]);
    await tickCarrier(gw.ctx); // submitted; their receipts are not due yet
    gw.clock.advance(gw.ctx.carrierDelayMs);

    const turns = loopTurns();
    const calls: { size: number; turn: number }[] = [];
    const sim = new SimConnector(gw.ctx);
    await sim.start(async (receipts) => {
      calls.push({ size: receipts.length, turn: turns.now });
      await storeReceipts(gw!.ctx, 'sim', receipts);
    });
    const reported = await sim.deliverDue(2000);
    turns.stop();

    expect(reported).toBe(calls.reduce((n, c) => n + c.size, 0));
    expect(reported).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...calls.map((c) => c.size))).toBeLessThanOrEqual(RECEIPT_STEP);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.turn).toBeGreaterThan(calls[i - 1]!.turn);
    const statuses = await gw.ctx.db
      .selectFrom('message_recipients')
      .select('status')
      .distinct()
      .where('message_id', '=', res.body.message_id)
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['SENT']);
  });
});
