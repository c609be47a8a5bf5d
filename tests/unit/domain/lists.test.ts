import { describe, expect, it } from 'vitest';
import {
  RECURRING_PERIODS,
  RECURRING_UNITS,
  isRecurringPeriod,
  recurringDisplay,
} from '../../../src/domain/messages/recurrence';
import { filterBySearch, isSearchableKey, matchesSearch } from '../../../src/domain/search';
import {
  isFinalStatus,
  isSubmissionInProgress,
  mayStillChange,
  statusGroup,
  statusTotals,
  statusLabel,
} from '../../../src/domain/messages/message-status';
import {
  BATCHES_SENT,
  BATCHING_NOTICE,
  NO_RECURRING_SMS,
  NO_SCHEDULED_SMS,
  TRY_AGAIN,
  WRONG_CODE,
  alertDurationMs,
  alertSeverity,
  failureMessage,
  isInvalidToken,
} from '../../../src/domain/alerts';

describe('recurring', () => {
  it("has the product's periods and units", () => {
    expect(RECURRING_PERIODS).toEqual(['Hourly', 'Daily', 'Monthly', 'Yearly']);
    expect(RECURRING_PERIODS.map((p) => RECURRING_UNITS[p])).toEqual(['Hour(s)', 'Day(s)', 'Month(s)', 'Year(s)']);
    expect(isRecurringPeriod('Daily')).toBe(true);
    expect(isRecurringPeriod('Weekly')).toBe(false);
  });

  it.each([
    ['Hourly', 1, '1 hour'],
    ['Hourly', 2, '2 hours'],
    ['Hourly', 1.5, '1 hour 30 minutes'],
    ['Hourly', 0.25, '15 minutes'],
    ['Hourly', 1.999, '2 hours'],
    ['Daily', 0.5, '12 hours'],
    ['Daily', 1.25, '1 day 6 hours'],
    ['Monthly', 1.5, '1 month 15 days'],
    ['Yearly', 2.5, '2 years 6 months'],
    ['Yearly', 0.1, '1 month'],
    ['Hourly', 0, '0 hours'],
    ['Daily', Number.NaN, '0 days'],
  ] as const)('%s every %d -> %s', (period, interval, text) => {
    expect(recurringDisplay(period, interval)).toBe(text);
  });
});

describe('search', () => {
  const message = {
    message_id: 4711,
    randomAlpha: 'xYz',
    shortMessage: 'Happy Easter',
    sourceAddress: 'DEMO',
    username: 'Ama',
    referencekey: 'REF99',
    messagecount: 3,
    tags: ['promo'],
    messageStatus: [{ mobilenumber: '0241234567' }],
  };

  it.each([
    ['', true],
    ['   ', true],
    ['easter', true],
    [' EASTER ', true],
    ['demo', true],
    ['ama', true],
    ['3', true],
    ['promo', true],
    ['4711', false],
    ['xyz', false],
    ['ref99', false],
    ['0241234567', false],
    ['christmas', false],
  ])('%j matches: %s', (search, expected) => {
    expect(matchesSearch(message, search)).toBe(expected);
  });

  it.each([
    ['id', false],
    ['profile_id', false],
    ['paymentid', false],
    ['supid', false],
    ['referencekey', false],
    ['senderid', true],
    ['mobilenumber', true],
  ])('key %s searchable: %s', (key, expected) => {
    expect(isSearchableKey(key)).toBe(expected);
  });

  it('filters a list', () => {
    expect(
      filterBySearch(
        [
          { id: 1, name: 'Ama' },
          { id: 2, name: 'Kofi' },
        ],
        'kof',
      ),
    ).toEqual([{ id: 2, name: 'Kofi' }]);
  });
});

describe('message status', () => {
  it.each([
    ['SENT', 'sent'],
    ['FAILED', 'failed'],
    ['PENDING', 'pending'],
    ['sent', 'pending'],
    [null, 'pending'],
  ] as const)('%s -> %s', (status, expected) => {
    expect(statusGroup(status)).toBe(expected);
  });

  it('knows the final statuses: SENT, FAILED and UNKNOWN never change again', () => {
    expect(['SENT', 'FAILED', 'UNKNOWN', 'PENDING', 'SCHEDULED', '', null].map(isFinalStatus)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(mayStillChange([{ status: 'SENT' }, { status: 'UNKNOWN' }])).toBe(false);
    expect(mayStillChange([{ status: 'SENT' }, {}])).toBe(true);
  });

  it('totals a status report', () => {
    expect(statusTotals([{ status: 'SENT' }, { status: 'FAILED' }, { status: 'X' }, {}])).toEqual({
      sent: 1,
      failed: 1,
      pending: 2,
      optedOut: 0,
      total: 4,
    });
  });

  it('counts opted-out recipients apart, as final', () => {
    expect(statusTotals([{ status: 'SENT' }, { status: 'OPTED_OUT' }, { status: 'PENDING' }])).toEqual({
      sent: 1,
      failed: 0,
      pending: 1,
      optedOut: 1,
      total: 3,
    });
    expect(statusGroup('OPTED_OUT')).toBe('optedOut');
    expect(isFinalStatus('OPTED_OUT')).toBe(true);
    expect(mayStillChange([{ status: 'SENT' }, { status: 'OPTED_OUT' }])).toBe(false);
    expect(statusLabel('OPTED_OUT')).toBe('Opted out');
    // SENT reads Delivered to people (the wire keeps SENT).
    expect(statusLabel('SENT')).toBe('Delivered');
  });

  it('is in progress while fewer numbers are submitted than posted', () => {
    expect(isSubmissionInProgress({ destinationAddress: '1,2,3', messageStatus: [{}, {}] })).toBe(true);
    expect(isSubmissionInProgress({ destinationAddress: '1,2', messageStatus: [{}, {}] })).toBe(false);
    expect(isSubmissionInProgress({ destinationAddress: '1' })).toBe(true);
  });
});

describe('alerts', () => {
  it.each([
    ['failed', 'warning'],
    ['successful', 'success'],
    ['error', 'error'],
    ['anything', 'info'],
    [undefined, 'info'],
  ] as const)('%s -> %s', (status, severity) => {
    expect(alertSeverity(status)).toBe(severity);
  });

  it('lasts 5 s, 20 s on the all-recurring list', () => {
    expect(alertDurationMs()).toBe(5000);
    expect(alertDurationMs(true)).toBe(20_000);
  });

  it('prefers the server text, then the client text, then the generic one', () => {
    expect(failureMessage('Server says no', 'client')).toBe('Server says no');
    expect(failureMessage('  ', 'client')).toBe('client');
    expect(failureMessage(undefined, null)).toBe(TRY_AGAIN);
  });

  it('keeps the alert texts exact', () => {
    expect(BATCHING_NOTICE).toBe(
      'Kindly keep the browser open while we send the messages in batches for you. Thank you',
    );
    expect(BATCHES_SENT).toBe('Messages sent successfully, Thank you');
    expect(NO_SCHEDULED_SMS).toBe('You do not have any scheduled sms');
    expect(NO_RECURRING_SMS).toBe('You do not have any recurring sms');
    expect(WRONG_CODE).toBe('Wrong Code Entered, please re-enter code again or resend code again');
    expect(isInvalidToken('Invalid Token')).toBe(true);
    expect(isInvalidToken('invalid token')).toBe(false);
  });
});
