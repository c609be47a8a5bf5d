import { describe, expect, it } from 'vitest';
import { searchTextOf } from '../../server/src/messaging/message-store';

const message = {
  short_message: 'Harvest sale',
  source_address: 'ALERTS',
  description: '',
  username: 'demouser',
  message_type: 'quick sms' as const,
  typeandsubtype: 'quick:regular',
  destination_preview: '233241100012',
  recurring_period: '',
};

describe('a message’s search text', () => {
  it('carries the Accra minute of its time, each minute its own, however many sends share one', () => {
    const at = Date.UTC(2026, 10, 28, 12, 0, 59, 999);
    const whenOf = (ms: number) => searchTextOf({ ...message, at: ms }).split('\n')[7];
    expect(whenOf(at)).toBe('2026-11-28 12:00');
    expect(whenOf(at - 59_999)).toBe('2026-11-28 12:00');
    expect(whenOf(at + 1)).toBe('2026-11-28 12:01');
    expect(whenOf(at)).toBe('2026-11-28 12:00');
    expect(whenOf(Date.UTC(2027, 0, 1, 0, 0))).toBe('2027-01-01 00:00');
    expect(searchTextOf({ ...message, at: null }).split('\n')[7]).toBe('');
  });
});
