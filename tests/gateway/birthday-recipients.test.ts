// A birthday send from a phone book or a sheet (docs/product.md#birthdays): each recipient goes out on
// its own birthday; one without a birthday is left out, never stored and never charged.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway } from './helpers/test-app';
import { account, balanceOf, carrierRows, list, sendItem, sendSms } from './helpers/messaging';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { tickScheduler } from '../../server/src/scheduler/scheduler';

// The test clock starts at 2026-11-20 10:00 UTC, which is 10:00 in Accra.
const BOOK = [
  { firstname: 'Ama', phonenumber: '0241000701', birthday: '1990-11-21' },
  { firstname: 'Kojo', phonenumber: '0241000702', birthday: '' },
  { firstname: 'Esi', phonenumber: '0241000703', birthday: '1985-12-01' },
  { firstname: 'Yaw', phonenumber: '0241000704', birthday: '' },
];
const canonical = (local: string) => `233${local.slice(1)}`;

describe('a birthday send from a phone book', () => {
  let gw: TestGateway;
  let demo: Awaited<ReturnType<typeof account>>;
  beforeEach(async () => {
    gw = await makeTestApp();
    demo = await account(gw, 'demouser');
    // The demo seed's own registrations would run too: these tests count runs and charges.
    await gw.ctx.db.deleteFrom('message_recipients').execute();
    await gw.ctx.db.deleteFrom('messages').execute();
    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Friends' }, { token: demo.token });
    for (const contact of BOOK) {
      const res = await call(
        gw,
        'createcontact',
        { profile_id: demo.profile_id, groupname: 'Friends', ...contact },
        { token: demo.token },
      );
      expect(res.status).toBe(200);
    }
  });
  afterEach(() => gw.close());

  const birthdayItem = (overrides: Record<string, unknown>) =>
    sendItem({
      messageType: 'birthday sms',
      typeandsubtype: 'birthday:regular',
      shortMessage: 'Happy birthday!',
      // A phone-book send gives the time it was made, not a birthday.
      expectedDeliveryTime: '2026-11-20 10:00:00',
      ...overrides,
    });

  it('charges and sends only the 2 of 4 contacts with a birthday, each on its own day', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(
      gw,
      demo.apikey,
      [birthdayItem({ destinationAddress: BOOK.map((c) => c.phonenumber).join(','), birthday: '' })],
      { key: `${job}:0-3` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Birthday sms registered successfully',
      creditbalance: before - 2,
      nobirthday: 2,
    });
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);

    // Nothing is due today: the next delivery is Ama's birthday, tomorrow at 08:00.
    const registered = (await list(gw, demo.token, 'scheduledrequest')).body.scheduled[0];
    expect(registered).toMatchObject({ message_id: res.body.message_id, destinationCount: 2 });
    expect(registered.nextDeliveryTime).toBe('2026-11-21T08:00:00.000Z');
    expect(await tickScheduler(gw.ctx)).toBe(0);

    for (const at of ['2026-11-21T08:00:00Z', '2026-12-01T08:00:00Z', '2027-01-10T08:00:00Z']) {
      gw.clock.now = Date.parse(at);
      await tickScheduler(gw.ctx);
      await tickCarrier(gw.ctx);
    }
    const sent = (await carrierRows(gw, job)).map((r) => r.to_number).sort();
    expect(sent).toEqual([canonical(BOOK[0]!.phonenumber), canonical(BOOK[2]!.phonenumber)]);
    expect(await balanceOf(gw, 'demouser')).toBe(before - 2);
  });

  it('takes each recipient’s birthday from its item, as a personalized send or a sheet names it', async () => {
    const job = randomUUID();
    const before = await balanceOf(gw, 'demouser');
    const items = [
      // A sheet's row may name a birthday the phone book does not hold.
      birthdayItem({ shortMessage: 'Happy birthday Kojo!', destinationAddress: '0241000702', birthday: '2000-11-22' }),
      birthdayItem({ shortMessage: 'Happy birthday Yaw!', destinationAddress: '0241000704', birthday: '' }),
      birthdayItem({ shortMessage: 'Happy birthday Kwame!', destinationAddress: '0241000799', birthday: '' }),
    ].map((item) => ({ ...item, typeandsubtype: 'birthday:personalized' }));
    const res = await sendSms(gw, demo.apikey, items, { key: `${job}:0-2` });
    expect(res.body).toMatchObject({ creditbalance: before - 1, nobirthday: 2 });
    const registered = (await list(gw, demo.token, 'scheduledrequest')).body.scheduled[0];
    expect(registered.nextDeliveryTime).toBe('2026-11-22T08:00:00.000Z');
  });

  it('refuses a send none of whose recipients has a birthday, storing and charging nothing', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      birthdayItem({ destinationAddress: '0241000702,0241000704', birthday: '' }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'No message was sent: none of the 2 recipients has a birthday (give each item its birthday, or add it to the contact in your phone book)',
    );
    expect(await balanceOf(gw, 'demouser')).toBe(before);
    expect(await gw.ctx.db.selectFrom('messages').select('id').execute()).toEqual([]);
  });

  it('refuses a birthday that is not a date, naming the field', async () => {
    const res = await sendSms(gw, demo.apikey, [birthdayItem({ destinationAddress: '0241000701', birthday: '21/11' })]);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Invalid request: messageobject.0.birthday must be a date written yyyy-MM-dd, or "" for none',
    );
  });

  it('keeps a manual birthday send’s date as the birthday of recipients the phone book does not know', async () => {
    const before = await balanceOf(gw, 'demouser');
    const res = await sendSms(gw, demo.apikey, [
      birthdayItem({ destinationAddress: '0241000702,0241000799', expectedDeliveryTime: '2026-12-25 00:00:00' }),
    ]);
    expect(res.body).toMatchObject({ creditbalance: before - 2 });
    expect(res.body.nobirthday).toBeUndefined();
    const registered = (await list(gw, demo.token, 'scheduledrequest')).body.scheduled[0];
    expect(registered.nextDeliveryTime).toBe('2026-12-25T08:00:00.000Z');
  });
});
