import type { StoredListItem } from '../../src/db/app-db';
import type { SendItem } from '../../src/domain/types';

/** A personalised send: one item per recipient, each with its own text (the worst case for size). */
export function personalisedItems(n: number): SendItem[] {
  return Array.from({ length: n }, (_, i) => ({
    shortMessage: `Dear customer ${i}, your balance is GHS ${(i % 997) + 0.5}. Thank you for banking with us.`,
    destinationAddress: `23324${String(i).padStart(7, '0')}`,
    sourceAddress: 'DEMO',
    messageDescription: 'Bench',
    messageType: 'quick sms',
    specialUnicodeSupport: false,
    flash: false,
    expectedDeliveryTime: '2026-11-20 10:00:00',
    typeandsubtype: 'quick:personalized',
    recurringInterval: 0,
    recurringPeriod: 'Hourly',
  }));
}

/** Dashboard rows shaped like the gateway's bulk messages. */
export function benchListRows(profileId: number, n: number): StoredListItem[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    profile_id: profileId,
    list: 'quick-own',
    itemId: String(i + 1),
    sortKey: start + i * 60_000,
    data: {
      message_id: String(i + 1),
      randomAlpha: 'AbCdEfGhIjKlMn',
      shortMessage: `Dear customer ${i}, your order has shipped`,
      destinationAddress: `23324${String(i).padStart(7, '0')}`,
      sourceAddress: 'DEMO',
      messageDescription: 'Orders',
      messageType: 'quick sms',
      username: 'demouser',
      messagecount: 1,
      specialUnicodeSupport: false,
      messageSentTime: new Date(start + i * 60_000).toISOString(),
      messageStatus: [{ status: 'SENT', count: 1 }],
    },
  }));
}
