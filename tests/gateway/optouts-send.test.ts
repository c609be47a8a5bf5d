// The suppression list on every path that sends (docs/compliance.md): an opted-out number is recorded
// OPTED_OUT once, never reaches the carrier and is never charged, on the app's and the legacy sends and
// on each scheduled, recurring or birthday run after it opted out.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, list, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';
import { suppress } from '../../server/src/optouts/suppression';

const HOUR = 3_600_000;

describe('opted-out recipients', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    await gw.ctx.db.deleteFrom('message_recipients').execute();
    await gw.ctx.db.deleteFrom('messages').execute();
  });
  afterEach(() => gw.close());

  const optOut = (numbers: string[], profileId = demo.profile_id) =>
    suppress(gw.ctx.db, profileId, numbers, 'manual', profileId, gw.clock.now);
  const status = async (id: number) =>
    (await call(gw, `status/${id}`, { profile_id: demo.profile_id }, { token: demo.token })).body;
  const wire = async (number: string) =>
    gw.ctx.db.selectFrom('carrier_parts').select('to_number').where('to_number', '=', number).execute();
  const eventsOf = async (messageId: number) =>
    gw.ctx.db
      .selectFrom('recipient_events as e')
      .innerJoin('message_recipients as r', 'r.id', 'e.recipient_id')
      .select(['r.number', 'e.old_status', 'e.new_status'])
      .where('e.message_id', '=', messageId)
      .orderBy('e.id')
      .execute();

  for (const via of ['apikey', 'token'] as const) {
    it(`skips an opted-out number of a quick send (${via}), however it is written, and charges only the rest`, async () => {
      await optOut(['0241000102']);
      const before = await balanceOf(gw, 'demouser');
      const sent = await sendSms(gw, via === 'apikey' ? demo.apikey : demo.token, [
        sendItem({ destinationAddress: '233241000101,+233 241000102,233241000103' }),
      ]);
      expect(sent.body).toMatchObject({
        message: 'Messages sent successfully',
        optedOut: 1,
        creditbalance: before - 2,
      });
      expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
      const id = sent.body.message_id as number;

      await tickCarrier(gw.ctx);
      gw.clock.advance(gw.ctx.carrierDelayMs);
      await tickCarrier(gw.ctx);
      expect(await wire('233241000102')).toEqual([]);
      expect(await wire('233241000101')).toHaveLength(1);

      const answer = await status(id);
      expect(answer.status.map((r: any) => [r.mobilenumber, r.status, r.statusnumber])).toEqual([
        ['233241000101', 'SENT', 1],
        // Stored in the canonical form, however it was typed (docs/product.md#phone-numbers).
        ['233241000102', 'OPTED_OUT', 0],
        ['233241000103', 'SENT', 1],
      ]);
      expect(answer).toMatchObject({ posted: 3, submitted: 3, optedOut: 1 });
      const item = (await list(gw, demo.token, 'quickrequest')).body.bulksms.find((m: any) => m.message_id === id);
      expect(item).toMatchObject({ posted: 3, submitted: 3, credits: 2 });
      expect(item.messageStatus).toEqual([
        { status: 'SENT', count: 2 },
        { status: 'FAILED', count: 0 },
        { status: 'PENDING', count: 0 },
        { status: 'OPTED_OUT', count: 1 },
      ]);
      // Once in recipient_events, with its final status.
      const events = (await eventsOf(id)).filter((e) => e.number === '233241000102');
      expect(events).toEqual([{ number: '233241000102', old_status: '', new_status: 'OPTED_OUT' }]);
    });
  }

  it("keeps another account's opt-outs out of this account's sends", async () => {
    const acme = await account(gw, 'acmeadmin');
    await optOut(['233241000101'], acme.profile_id);
    const sent = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000101' })]);
    expect(sent.body.optedOut).toBeUndefined();
    expect((await status(sent.body.message_id)).status[0].status).toBe('PENDING');
  });

  it('refuses nothing and charges nothing when every recipient opted out', async () => {
    await optOut(['233241000101']);
    const before = await balanceOf(gw, 'demouser');
    const sent = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: '233241000101' })]);
    expect(sent.body).toMatchObject({ message: 'Messages sent successfully', optedOut: 1, creditbalance: before });
    await tickCarrier(gw.ctx);
    expect(await wire('233241000101')).toEqual([]);
  });

  it('skips a number that opted out after a scheduled send was registered, and gives its prepaid credit back', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(
      gw,
      demo.apikey,
      [
        sendItem({
          messageType: 'scheduled sms',
          typeandsubtype: 'scheduled:regular',
          expectedDeliveryTime: '2026-11-20 11:00:00',
          destinationAddress: '233241000101,233241000102',
        }),
      ],
      { key: `${randomUUID()}:0-1` },
    );
    expect(res.body).toMatchObject({ creditbalance: before - 2 });
    expect(res.body.optedOut).toBeUndefined();
    await optOut(['0241000102']);
    gw.clock.advance(HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    const run = await gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('parent_id', '=', res.body.message_id)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ posted: 2, credits: 1, opted_out: 1 });
    await tickCarrier(gw.ctx);
    expect(await wire('233241000102')).toEqual([]);
    expect(await wire('233241000101')).toHaveLength(1);
    expect((await eventsOf(run.id)).map((e) => `${e.number} ${e.new_status}`)).toEqual([
      '233241000101 PENDING',
      '233241000102 OPTED_OUT',
    ]);
  });

  it('does not prepay an opted-out number of a new registration, and skips it at each recurring run', async () => {
    await optOut(['233241000102']);
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'recurring sms',
        typeandsubtype: 'recurring:regular',
        expectedDeliveryTime: '2026-11-20 11:00:00',
        recurringPeriod: 'Hourly',
        recurringInterval: 1,
        destinationAddress: '233241000101,233241000102',
      }),
    ]);
    expect(res.body).toMatchObject({ message: 'Recurring sms registered successfully', optedOut: 1 });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    gw.clock.advance(HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    gw.clock.advance(HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    // Two runs: each sends one number; the second run pays for its one.
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    const runs = await gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('parent_id', '=', res.body.message_id)
      .orderBy('id')
      .execute();
    expect(runs.map((r) => [r.posted, r.credits, r.opted_out])).toEqual([
      [2, 1, 1],
      [2, 1, 1],
    ]);
    await tickCarrier(gw.ctx);
    expect(await wire('233241000102')).toEqual([]);
    expect(await wire('233241000101')).toHaveLength(2);
  });

  it('skips a birthday that opted out before its day, and charges nothing for it', async () => {
    const group = await gw.ctx.db
      .insertInto('groups')
      .values({ profile_id: demo.profile_id, groupname: 'Family', created_at: gw.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await gw.ctx.db
      .insertInto('contacts')
      .values(
        ['0241234500', '0241234501'].map((phonenumber, i) => ({
          group_id: group.id,
          profile_id: demo.profile_id,
          firstname: 'Ama',
          phonenumber,
          birthday: '1990-11-21',
          referencekey: `k${i}`,
          created_at: gw.clock.now,
        })),
      )
      .execute();
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'birthday sms',
        typeandsubtype: 'birthday:regular',
        expectedDeliveryTime: '2026-12-25 00:00:00',
        destinationAddress: '233241234500,233241234501',
        shortMessage: 'Happy birthday!',
      }),
    ]);
    expect(res.body).toMatchObject({ creditbalance: before - 2 });
    await optOut(['0241234501']);
    gw.clock.advance(22 * HOUR); // 2026-11-21 08:00 Accra
    expect(await tickScheduler(gw.ctx)).toBe(1);
    await tickCarrier(gw.ctx);
    expect(await wire('233241234500')).toHaveLength(1);
    expect(await wire('233241234501')).toEqual([]);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    const run = await gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('parent_id', '=', res.body.message_id)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ posted: 2, credits: 1, opted_out: 1 });
  });
});
