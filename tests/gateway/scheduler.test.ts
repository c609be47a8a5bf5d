import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, call, type TestGateway } from './helpers/test-app';
import { account, balanceOf, carrierRows, list, restart, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';

const HOUR = 3_600_000;
// The test clock starts at 2026-11-20 10:00 UTC, which is 10:00 in Accra.

describe('the scheduler', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    // The demo seed's own registrations would fire too: these tests count runs, so start without them.
    await gw.ctx.db.deleteFrom('message_recipients').execute();
    await gw.ctx.db.deleteFrom('messages').execute();
  });
  afterEach(() => gw.close());

  /** Deliveries (dashboard rows) made from one registration. */
  const runsOf = (regId: number) =>
    gw.ctx.db.selectFrom('messages').selectAll().where('parent_id', '=', regId).orderBy('id').execute();

  it('sends a scheduled message at its Accra time, once, paid at registration', async () => {
    const job = randomUUID();
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
      { key: `${job}:0-1` },
    );
    expect(res.body).toMatchObject({ message: 'Scheduled sms registered successfully', creditbalance: before - 2 });
    const id = res.body.message_id;
    const scheduled = await list(gw, demo.token, 'scheduledrequest');
    expect(scheduled.body.scheduled[0]).toMatchObject({
      message_id: id,
      messageType: 'scheduled sms',
      expectedDeliveryTime: '2026-11-20T11:00:00.000Z',
      messageRegistrationTime: '2026-11-20T10:00:00.000Z',
      status: 'active',
      destinationAddress: '233241000101,233241000102',
    });

    expect(await tickScheduler(gw.ctx)).toBe(0);
    gw.clock.advance(HOUR - 1);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    gw.clock.advance(1);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await tickScheduler(gw.ctx)).toBe(0);

    gw.clock.advance(gw.ctx.carrierDelayMs);
    await tickCarrier(gw.ctx);
    const delivered = await carrierRows(gw, job);
    expect(delivered.map((r) => [r.to_number, r.recipient_index])).toEqual([
      ['233241000101', 0],
      ['233241000102', 1],
    ]);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
    const [run] = await runsOf(id);
    const dashboard = (await list(gw, demo.token, 'quickrequest')).body.bulksms;
    expect(dashboard[0]).toMatchObject({
      message_id: run!.id,
      messageType: 'scheduled sms',
      scheduledMessageId: id,
      posted: 2,
    });
    const status = await call(gw, `status/${run!.id}`, {}, { token: demo.token });
    expect(status.body.status.map((r: any) => r.status)).toEqual(['SENT', 'SENT']);
    const done = (await list(gw, demo.token, 'scheduledrequest')).body.scheduled[0];
    expect(done).toMatchObject({ status: 'done', lastDeliveryTime: '2026-11-20T11:00:00.000Z', runCount: 1 });
  });

  it('repeats a recurring message every interval, pays later runs then, and survives a restart', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(
      gw,
      demo.apikey,
      [
        sendItem({
          messageType: 'recurring sms',
          typeandsubtype: 'recurring:regular',
          expectedDeliveryTime: '2026-11-20 10:30:00',
          recurringPeriod: 'Hourly',
          recurringInterval: '2',
          destinationAddress: '233241000201',
        }),
      ],
      { key: `${job}:0-0` },
    );
    expect(res.body.creditbalance).toBe(before - 1);
    const id = res.body.message_id;
    const recurring = (await list(gw, demo.token, 'recurringrequest')).body.recurring[0];
    expect(recurring).toMatchObject({
      message_id: id,
      recurringPeriod: 'Hourly',
      recurringInterval: 2,
      expectedDeliveryTime: '2026-11-20T10:30:00.000Z',
    });

    gw.clock.advance(HOUR / 2); // 10:30: first run, prepaid
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 1);
    gw.clock.advance(2 * HOUR); // 12:30: second run, paid now
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);

    // Down from 12:31 to 17:00: the 14:30 and 16:30 runs fell due while down. One catch-up run on restart,
    // then back on the 10:30 + 2h grid (18:30), nothing repeated.
    gw = await restart(gw);
    gw.clock.advance(4.5 * HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    const reg = await gw.ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(reg.next_run_at!).toISOString()).toBe('2026-11-20T18:30:00.000Z');
    gw = await restart(gw);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    gw.clock.advance(1.5 * HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    await tickCarrier(gw.ctx);
    expect(await carrierRows(gw, job)).toHaveLength(4);
    expect((await runsOf(id)).map((r) => new Date(r.sent_at!).toISOString())).toEqual([
      '2026-11-20T10:30:00.000Z',
      '2026-11-20T12:30:00.000Z',
      '2026-11-20T17:00:00.000Z',
      '2026-11-20T18:30:00.000Z',
    ]);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 4);
  });

  it('sends a scheduled message that fell due while the gateway was down, once', async () => {
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'scheduled sms',
        expectedDeliveryTime: '2026-11-20 12:00:00',
        destinationAddress: '233241000301',
      }),
    ]);
    gw = await restart(gw);
    gw.clock.advance(24 * HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    gw = await restart(gw);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    expect(await runsOf(res.body.message_id)).toHaveLength(1);
  });

  it('sends batches that arrive after their scheduled delivery ran with that delivery, not never', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const batch = (from: number) =>
      sendSms(
        gw,
        demo.apikey,
        [
          sendItem({
            messageType: 'scheduled sms',
            expectedDeliveryTime: '2026-11-20 10:05:00',
            destinationAddress: `23324100050${from},23324100050${from + 1}`,
          }),
        ],
        { key: `${job}:${from}-${from + 1}` },
      );
    const first = await batch(0);
    gw.clock.advance(5 * 60_000);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    const late = await batch(2); // a 413 re-split still draining
    expect(late.body.message_id).toBe(first.body.message_id);
    await tickCarrier(gw.ctx);
    expect((await carrierRows(gw, job)).map((r) => r.recipient_index).sort()).toEqual([0, 1, 2, 3]);
    const [run] = await runsOf(first.body.message_id);
    const fresh = await gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', run!.id)
      .executeTakeFirstOrThrow();
    expect(fresh.posted).toBe(4);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 4);
    expect(await tickScheduler(gw.ctx)).toBe(0);
  });

  it('skips a later run the balance cannot pay, says so, and keeps the cadence', async () => {
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'recurring sms',
        expectedDeliveryTime: '2026-11-20 10:00:00',
        recurringPeriod: 'Daily',
        recurringInterval: 1,
        destinationAddress: '233241000401',
      }),
    ]);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    await gw.ctx.db.updateTable('users').set({ creditbalance: 0 }).where('profile_id', '=', demo.profile_id).execute();
    gw.clock.advance(24 * HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    const item = (await list(gw, demo.token, 'recurringrequest')).body.recurring.find(
      (m: any) => m.message_id === res.body.message_id,
    );
    expect(item.lastError).toBe(
      '2026-11-21 10:00: Insufficient credit: this recurring sms delivery needs 1 credits, you have 0',
    );
    expect(item.nextDeliveryTime).toBe('2026-11-22T10:00:00.000Z');
    expect(await runsOf(res.body.message_id)).toHaveLength(1);
    expect(await balanceOf(gw, 'demouser')).toBe(0);
  });

  it('sends birthday messages on each contact’s birthday at 08:00 Accra, or on the date given', async () => {
    const group = await gw.ctx.db
      .insertInto('groups')
      .values({ profile_id: demo.profile_id, groupname: 'Family', created_at: gw.clock.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await gw.ctx.db
      .insertInto('contacts')
      .values({
        group_id: group.id,
        profile_id: demo.profile_id,
        firstname: 'Ama',
        phonenumber: '0241234500',
        birthday: '1990-11-21',
        referencekey: 'k1',
        created_at: gw.clock.now,
      })
      .execute();
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(
      gw,
      demo.apikey,
      [
        sendItem({
          messageType: 'birthday sms',
          typeandsubtype: 'birthday:regular',
          expectedDeliveryTime: '2026-12-25 00:00:00',
          destinationAddress: '233241234500,233241234501',
          shortMessage: 'Happy birthday!',
        }),
      ],
      { key: `${job}:0-1` },
    );
    expect(res.body).toMatchObject({ message: 'Birthday sms registered successfully', creditbalance: before - 2 });
    const item = (await list(gw, demo.token, 'scheduledrequest')).body.scheduled[0];
    expect(item).toMatchObject({ messageType: 'birthday sms', nextDeliveryTime: '2026-11-21T08:00:00.000Z' });

    gw.clock.advance(22 * HOUR); // 2026-11-21 08:00
    expect(await tickScheduler(gw.ctx)).toBe(1);
    await tickCarrier(gw.ctx);
    expect((await carrierRows(gw, job)).map((r) => r.to_number)).toEqual(['233241234500']);
    const reg = await gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', res.body.message_id)
      .executeTakeFirstOrThrow();
    expect(new Date(reg.next_run_at!).toISOString()).toBe('2026-12-25T08:00:00.000Z');

    gw.clock.now = Date.parse('2027-01-02T00:00:00Z'); // down over Christmas: the belated run still goes, once
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await tickScheduler(gw.ctx)).toBe(0);
    await tickCarrier(gw.ctx);
    expect((await carrierRows(gw, job)).map((r) => r.to_number)).toEqual(['233241234500', '233241234501']);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);

    gw.clock.now = Date.parse('2027-11-21T08:00:00Z'); // next year's birthday is paid when it goes
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 3);
  });

  it('sends a birthday that is today, past 08:00, at once', async () => {
    const res = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'Birthday SMS',
        expectedDeliveryTime: '2026-11-20 10:00:00',
        destinationAddress: '233241234599',
      }),
    ]);
    expect(await tickScheduler(gw.ctx)).toBe(1);
    expect(await runsOf(res.body.message_id)).toHaveLength(1);
    expect(await tickScheduler(gw.ctx)).toBe(0);
  });

  it('refuses registrations without a valid date or interval, with the send form’s messages', async () => {
    const refuse = async (item: Record<string, unknown>) =>
      (await sendSms(gw, demo.apikey, [sendItem(item)])).body.error?.message;
    expect(await refuse({ messageType: 'scheduled sms', expectedDeliveryTime: '2026-02-30 10:00:00' })).toBe(
      'Please enter a valid date',
    );
    expect(await refuse({ messageType: 'scheduled sms', expectedDeliveryTime: 'tomorrow' })).toBe(
      'Please enter a valid date',
    );
    expect(await refuse({ messageType: 'birthday sms', expectedDeliveryTime: '' })).toBe(
      'Please enter a birthday date',
    );
    expect(await refuse({ messageType: 'recurring sms', recurringInterval: 0 })).toBe(
      'Please select a recurring interval',
    );
    expect(await refuse({ messageType: 'recurring sms', recurringInterval: '' })).toBe(
      'Please select a recurring interval',
    );
    expect(await refuse({ messageType: 'recurring sms', recurringInterval: 1, recurringPeriod: 'Weekly' })).toBe(
      'Please select a recurring period: Hourly, Daily, Monthly or Yearly',
    );
    // A step past ten years is a typo whose runs would fall off the calendar.
    const tooLong = 'The recurring interval is too long: at most 10 years between messages';
    for (const [recurringPeriod, recurringInterval] of [
      ['Hourly', 3e12],
      ['Daily', 1e9],
      ['Monthly', 121],
      ['Yearly', 10.5],
      ['Yearly', 1e300],
    ] as const)
      expect(await refuse({ messageType: 'recurring sms', recurringPeriod, recurringInterval })).toBe(tooLong);
    const tenYears = await sendSms(gw, demo.apikey, [
      sendItem({
        messageType: 'recurring sms',
        typeandsubtype: 'recurring:regular',
        expectedDeliveryTime: '2026-11-20 10:30:00',
        recurringPeriod: 'Yearly',
        recurringInterval: 10,
      }),
    ]);
    expect(tenYears.status).toBe(200);
    // Nor can an edit make one.
    const edit = await call(
      gw,
      'updaterecurring',
      { message_id: tenYears.body.message_id, recurringPeriod: 'Daily', recurringInterval: 1e9 },
      { token: demo.token },
    );
    expect([edit.status, edit.body.error?.message]).toEqual([400, tooLong]);
  });

  it('ends a registration whose next run falls past the calendar, and still runs every other one due', async () => {
    // Stored before steps were capped: 60 recurring registrations due at 10:30 whose next runs lie past
    // what a date can hold (Hourly 3e12 is past PostgreSQL's bigint too), and another account's send at 11:00.
    for (let i = 0; i < 60; i += 1) {
      const broken = await sendSms(gw, demo.apikey, [
        sendItem({
          messageType: 'recurring sms',
          typeandsubtype: 'recurring:regular',
          expectedDeliveryTime: '2026-11-20 10:30:00',
          recurringPeriod: i % 2 ? 'Hourly' : 'Daily',
          recurringInterval: 2,
        }),
      ]);
      expect(broken.status).toBe(200);
    }
    await gw.ctx.db
      .updateTable('messages')
      .set((eb) => ({
        recurring_interval: eb.case().when('recurring_period', '=', 'Hourly').then(3e12).else(1e9).end(),
      }))
      .where('kind', '=', 'recurring')
      .where('parent_id', 'is', null)
      .execute();
    const acme = await account(gw, 'acmeclient');
    const other = await sendSms(gw, acme.apikey, [
      sendItem({
        sourceAddress: 'ACMECL',
        messageType: 'scheduled sms',
        typeandsubtype: 'scheduled:regular',
        expectedDeliveryTime: '2026-11-20 11:00:00',
      }),
    ]);
    expect(other.status).toBe(200);

    gw.clock.advance(HOUR);
    expect(await tickScheduler(gw.ctx)).toBe(61);
    expect(await runsOf(other.body.message_id)).toHaveLength(1);
    const left = await gw.ctx.db
      .selectFrom('messages')
      .select(['state', 'next_run_at', 'run_count'])
      .where('kind', '=', 'recurring')
      .where('parent_id', 'is', null)
      .execute();
    expect(left).toHaveLength(60);
    expect(left.every((r) => r.state === 'done' && r.next_run_at === null && r.run_count === 1)).toBe(true);
    // Their lists still answer.
    const lists = await list(gw, demo.token, 'recurringrequest');
    expect(lists.status).toBe(200);
    expect(lists.body.recurring[0]).toMatchObject({ status: 'done', nextDeliveryTime: null, runCount: 1 });
  });
});
