// The prefix table, failure reasons in words and the report's rules (src/domain/networks.ts,
// failure-reasons.ts, delivery-report.ts), which the app and the gateway share.
import { describe, expect, it } from 'vitest';
import { NETWORK_PREFIXES, networkOf } from '../../../src/domain/numbers/networks';
import { failureReason } from '../../../src/domain/messages/failure-reasons';
import {
  deliveryBucket,
  deliveryTimeSentences,
  OVER_A_DAY_S,
  percentileSeconds,
  totalsOf,
} from '../../../src/domain/messages/delivery-report';

describe('the network of a number', () => {
  it('reads the prefix after 233', () => {
    expect(networkOf('233241234567')).toBe('mtn');
    expect(networkOf('233591234567')).toBe('mtn');
    expect(networkOf('233201234567')).toBe('telecel');
    expect(networkOf('233501234567')).toBe('telecel');
    expect(networkOf('233261234567')).toBe('airteltigo');
    expect(networkOf('233571234567')).toBe('airteltigo');
  });

  it("has the three operators' prefixes and nothing else", () => {
    expect(NETWORK_PREFIXES).toEqual({
      mtn: ['24', '25', '53', '54', '55', '59'],
      telecel: ['20', '50'],
      airteltigo: ['26', '27', '56', '57'],
    });
    // Glo (defunct) and Expresso are neither of the three.
    expect(networkOf('233231234567')).toBe('other');
    expect(networkOf('233281234567')).toBe('other');
  });

  it('is other for a fixed line, an unknown prefix, a short number or a foreign one', () => {
    expect(networkOf('233301234567')).toBe('other');
    expect(networkOf('23324123456')).toBe('other');
    expect(networkOf('447700900123')).toBe('other');
  });

  it('gives each prefix to one network only', () => {
    const all = Object.values(NETWORK_PREFIXES).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('failure reasons in words', () => {
  it('maps receipt error codes, refusals and expiries to words', () => {
    expect(failureReason('FAILED', '001')).toBe('The number does not exist on the network');
    expect(failureReason('FAILED', '27')).toBe('The phone was off or out of coverage');
    expect(failureReason('FAILED', '11 ESME_RINVDSTADR')).toBe('The number is not a valid mobile number');
    expect(failureReason('FAILED', '88 ESME_RTHROTTLED')).toBe('The network was busy and refused it');
    expect(failureReason('FAILED', '', 'EXPIRED')).toBe(
      'The phone was off or out of coverage until the network gave up',
    );
    expect(failureReason('UNKNOWN', 'gateway stopped before the answer')).toBe(
      'No delivery report came from the network',
    );
  });

  it('says something plain for a code it does not know, and nothing for other statuses', () => {
    expect(failureReason('FAILED', '999')).toBe('The network could not deliver it');
    expect(failureReason('SENT', '000')).toBe('');
    expect(failureReason('OPTED_OUT', '')).toBe('');
  });
});

describe('the report rules', () => {
  it('buckets delivery times and reads percentiles as "at most" bounds', () => {
    expect(deliveryBucket(0)).toBe(0);
    expect(deliveryBucket(5000)).toBe(0);
    expect(deliveryBucket(5001)).toBe(1);
    const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    counts[1] = 6; // at most 10 s
    counts[4] = 3; // at most 60 s
    counts[13] = 1; // over a day
    expect(percentileSeconds(counts, 0.5)).toBe(10);
    expect(percentileSeconds(counts, 0.9)).toBe(60);
    expect(percentileSeconds(counts, 1)).toBe(OVER_A_DAY_S);
    expect(
      percentileSeconds(
        counts.map(() => 0),
        0.5,
      ),
    ).toBeNull();
  });

  it('says how long deliveries took in sentences that read right for seconds, minutes, hours and over a day', () => {
    expect(deliveryTimeSentences(5, 10)).toEqual([
      'Half were delivered within 5 seconds',
      '9 in 10 were delivered within 10 seconds',
    ]);
    expect(deliveryTimeSentences(60, 180)).toEqual([
      'Half were delivered within 1 minute',
      '9 in 10 were delivered within 3 minutes',
    ]);
    expect(deliveryTimeSentences(3600, 21_600)).toEqual([
      'Half were delivered within 1 hour',
      '9 in 10 were delivered within 6 hours',
    ]);
    expect(deliveryTimeSentences(86_400, OVER_A_DAY_S)).toEqual([
      'Half were delivered within 24 hours',
      '9 in 10 took over a day',
    ]);
    expect(deliveryTimeSentences(OVER_A_DAY_S, OVER_A_DAY_S)).toEqual([
      'Half took over a day',
      '9 in 10 took over a day',
    ]);
    expect(deliveryTimeSentences(null, null)).toEqual(['No delivery has been timed yet']);
    // Every bound the histogram has reads as a sentence with its unit.
    const bounds = [5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21_600, 86_400];
    for (const s of bounds)
      expect(deliveryTimeSentences(s, s)[0]).toMatch(/^Half were delivered within \d+ (seconds?|minutes?|hours?)$/);
  });

  it('totals counters by status group; only PENDING and SCHEDULED wait', () => {
    expect(
      totalsOf([
        { network: 'mtn', status: 'SENT', n: 3 },
        { network: 'mtn', status: 'UNKNOWN', n: 1 },
        { network: 'telecel', status: 'PENDING', n: 2 },
        { network: 'other', status: 'OPTED_OUT', n: 1 },
      ]),
    ).toEqual({ sent: 3, failed: 0, pending: 3, optedOut: 1, total: 7, waiting: 2 });
  });
});
