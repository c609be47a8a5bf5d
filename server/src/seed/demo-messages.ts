import { expectedDeliveryTime } from '../../../src/domain/dates';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { tickCarrier } from '../carrier/delivery';
import { acceptSend } from '../sending/accept-send';
import { contactBirthdays } from '../phonebook/contacts';
import type { SendItemInput } from '../sending/send-items';

const HOUR_MS = 3_600_000;

type DemoSend = Partial<SendItemInput> & {
  shortMessage: string;
  destinationAddress: string;
  sourceAddress: string;
  messageType: string;
};

function item(send: DemoSend, at: number): SendItemInput {
  return {
    messageDescription: '',
    specialUnicodeSupport: false,
    flash: false,
    typeandsubtype: `${send.messageType.split(' ')[0]}:regular`,
    recurringInterval: undefined,
    recurringPeriod: '',
    optOutLink: false,
    shortenLinks: false,
    birthday: undefined,
    expectedDeliveryTime: expectedDeliveryTime(new Date(at)),
    ...send,
  };
}

/** Stores a send as if made at `at`, without taking credits (the demo balances stay as seeded). */
async function sendAt(ctx: GatewayContext, user: UserRow, at: number, send: DemoSend, deliverAt = at) {
  const past = { ...ctx, now: () => at };
  await acceptSend(past, user, [item(send, deliverAt)], null, { charge: false });
}

/** Some sent, scheduled, recurring and birthday messages for the demo users (README's demo accounts). */
export async function seedDemoMessages(ctx: GatewayContext, users: { demo: UserRow; client: UserRow }): Promise<void> {
  const now = ctx.now();
  const { demo, client } = users;
  // Numbers ending 13 fail and ending 99 stay pending at the simulated carrier: every status shows.
  await sendAt(ctx, demo, now - 50 * HOUR_MS, {
    shortMessage: 'Welcome to Demo Traders! Our shop opens at 8am every weekday.',
    destinationAddress: '233241000001,233241000002,233241000013,233241000099',
    sourceAddress: 'DEMO',
    messageType: 'quick sms',
    messageDescription: 'Welcome campaign',
  });
  await sendAt(ctx, demo, now - 26 * HOUR_MS, {
    shortMessage: 'Reminder: your order #1042 is ready for pickup.',
    destinationAddress: '233241000003',
    sourceAddress: 'ALERTS',
    messageType: 'quick sms',
    messageDescription: 'Order alerts',
  });
  await sendAt(
    ctx,
    demo,
    now - HOUR_MS,
    {
      shortMessage: 'Weekend sale: 20% off all items this Saturday only!',
      destinationAddress: '233241000001,233241000002,233241000003',
      sourceAddress: 'DEMO',
      messageType: 'scheduled sms',
      messageDescription: 'Weekend sale',
    },
    now + 24 * HOUR_MS,
  );
  await sendAt(
    ctx,
    demo,
    now - HOUR_MS,
    {
      shortMessage: 'Daily stock update: fresh deliveries arrive at 10am.',
      destinationAddress: '233241000001,233241000004',
      sourceAddress: 'ALERTS',
      messageType: 'recurring sms',
      messageDescription: 'Daily stock update',
      recurringPeriod: 'Daily',
      recurringInterval: 1,
    },
    now + 20 * HOUR_MS,
  );
  const birthdays = (await contactBirthdays(ctx.db, demo.profile_id)).slice(0, 50);
  if (birthdays.length > 0) {
    await sendAt(ctx, demo, now - HOUR_MS, {
      shortMessage: 'Happy birthday from all of us at Demo Traders!',
      destinationAddress: birthdays.map((c) => c.phonenumber).join(','),
      sourceAddress: 'DEMO',
      messageType: 'birthday sms',
      messageDescription: 'Customer birthdays',
      // From the phone book, as the send form makes it: each on its contact's birthday.
      birthday: '',
    });
  }
  await sendAt(ctx, client, now - 5 * HOUR_MS, {
    shortMessage: 'Acme Client Ltd: your delivery is on its way.',
    destinationAddress: '233201000001,233201000002',
    sourceAddress: 'ACMECL',
    messageType: 'quick sms',
    messageDescription: 'Deliveries',
  });
  await sendAt(
    ctx,
    client,
    now - HOUR_MS,
    {
      shortMessage: 'Acme Client Ltd: monthly statement ready.',
      destinationAddress: '233201000001',
      sourceAddress: 'ACMECL',
      messageType: 'recurring sms',
      messageDescription: 'Statements',
      recurringPeriod: 'Monthly',
      recurringInterval: 1,
    },
    now + 48 * HOUR_MS,
  );
  // The past sends' delivery reports are long due: settle them now so the dashboards show statuses.
  await tickCarrier(ctx);
}
