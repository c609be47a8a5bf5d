// An erasure of a person's data and a send to that person, at once (docs/compliance.md#a-persons-data):
// either the erasure waits for the send and refuses while its message is on its way, or the send
// sees the erasure and stores its message to the number opted out. Never a message accepted while
// the erasure ran left unmasked and delivered. On SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, fundedAccount, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { SubmitDesk } from '../../server/src/smpp-server/submits';
import { smppAccessFor } from './helpers/smpp-customer';
import { PERSON_STILL_SENDING } from '../../src/domain/account/person-data';

const PERSON = '233241000550';

describe('an erasure racing a send', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    await fundedAccount(gw, 'demouser', 100);
    demo = await account(gw, 'demouser');
  });
  afterEach(() => gw.close());

  const erase = (number = PERSON) =>
    call(gw, 'persondataerase', { profile_id: demo.profile_id, number, confirm: number }, { token: demo.token });

  /** The account's recipients of the number as stored, in order: their number and status. */
  const recipientsOf = (numbers: string[]) =>
    gw.ctx.db
      .selectFrom('message_recipients as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['r.number', 'r.status'])
      .where('m.profile_id', '=', demo.profile_id)
      .where('r.number', 'in', numbers)
      .orderBy('r.id')
      .execute();

  /** What the simulated carrier handed to the number once every queued part went out. */
  async function deliveredTo(number: string) {
    await tickCarrier(gw.ctx);
    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    return gw.ctx.db.selectFrom('carrier_messages').select('id').where('to_number', '=', number).execute();
  }

  /**
   * Runs `erasing` to its end just before the gateway next stores a send: before its next transaction
   * begins, or before the one statement that stores a group of SMPP submits on PostgreSQL (its credit
   * gate). That is after the send screened its numbers against the opt-outs.
   */
  function eraseBeforeStoring(erasing: () => Promise<unknown>) {
    const db = gw.ctx.db;
    const realTransaction = db.transaction.bind(db);
    const realExecutor = db.getExecutor.bind(db);
    let pending: (() => Promise<unknown>) | null = erasing;
    const outcome: { erased?: unknown } = {};
    const fire = async () => {
      const run = pending;
      pending = null;
      db.transaction = realTransaction;
      db.getExecutor = realExecutor;
      if (run) outcome.erased = await run();
    };
    db.transaction = (() => {
      const builder = realTransaction();
      return {
        ...builder,
        execute: async (fn: Parameters<typeof builder.execute>[0]) => {
          await fire();
          return builder.execute(fn);
        },
      };
    }) as typeof db.transaction;
    db.getExecutor = (() => {
      const executor = realExecutor();
      // Kysely's executor keeps private fields: every other member is the executor's own, bound to it.
      return new Proxy(executor, {
        get(target, key) {
          if (key === 'executeQuery')
            return async (...args: Parameters<typeof target.executeQuery>) => {
              if (args[0].sql.includes('erase_epoch =')) await fire();
              return target.executeQuery(...args);
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    }) as typeof db.getExecutor;
    return outcome;
  }

  it('stores the message of a send screened before the erasure committed opted out, never delivered nor charged', async () => {
    const outcome = eraseBeforeStoring(() => erase());
    const sent = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: `${PERSON},233241000560` })]);
    expect(sent.status).toBe(200);
    expect((outcome.erased as { status: number }).status).toBe(200);
    expect(sent.body).toMatchObject({ optedOut: 1 });
    expect(await recipientsOf([PERSON, '233241000560'])).toEqual([
      { number: PERSON, status: 'OPTED_OUT' },
      { number: '233241000560', status: 'PENDING' },
    ]);
    expect(await balanceOf(gw, 'demouser')).toBe(99);
    expect(await deliveredTo(PERSON)).toEqual([]);
    expect(await deliveredTo('233241000560')).toHaveLength(1);
  });

  it("stores an SMPP customer's submit screened before the erasure committed opted out, never delivered nor charged", async () => {
    await smppAccessFor(gw, 'demouser');
    const desk = new SubmitDesk(gw.ctx);
    const outcome = eraseBeforeStoring(() => erase());
    const submit = (destination: string) =>
      desk.submit({
        profileId: demo.profile_id,
        source: 'DEMO',
        destination,
        dataCoding: 0,
        bytes: Buffer.from('hello'),
        ref: null,
        seq: 1,
        total: 1,
        registeredDelivery: 0,
        dueAt: null,
        expiresAt: null,
        throughput: 100,
        parts: 1,
      });
    // One group of one account and sender: on PostgreSQL, stored in one statement (its gate checks the epoch).
    const answers = await Promise.all([submit(PERSON), submit('233241000560')]);
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    expect((outcome.erased as { status: number } | undefined)?.status).toBe(200);
    expect(await recipientsOf([PERSON, '233241000560'])).toEqual([
      { number: PERSON, status: 'OPTED_OUT' },
      { number: '233241000560', status: 'PENDING' },
    ]);
    expect(await balanceOf(gw, 'demouser')).toBe(99);
    expect(await deliveredTo(PERSON)).toEqual([]);
  });

  it('in 10 trials of a send and an erasure at once, either refuses the erasure or stores the message opted out', async () => {
    const outcomes: string[] = [];
    for (let trial = 0; trial < 10; trial += 1) {
      const person = `233241000${600 + trial}`;
      const [sent, erased] = await Promise.all([
        sendSms(gw, demo.apikey, [sendItem({ destinationAddress: person })]),
        erase(person),
      ]);
      expect(sent.status).toBe(200);
      const stored = await recipientsOf([person]);
      if (erased.status === 409) {
        expect(erased.body).toMatchObject({ error: { message: PERSON_STILL_SENDING } });
        // Still on its way, as the erasure said.
        expect(stored).toEqual([{ number: person, status: 'PENDING' }]);
        outcomes.push('refused');
      } else {
        expect(erased.status).toBe(200);
        // Stored after the erasure: opted out, never queued unmasked.
        expect(stored).toEqual([{ number: person, status: 'OPTED_OUT' }]);
        expect(await deliveredTo(person)).toEqual([]);
        outcomes.push('opted out');
      }
    }
    expect(outcomes).toHaveLength(10);
  });
});
