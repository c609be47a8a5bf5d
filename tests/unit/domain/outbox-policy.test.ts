import { describe, expect, it } from 'vitest';
import {
  BATCH_GAP_MS,
  BATCH_SIZE,
  RETRY_CAP_MS,
  countRecipients,
  decideSendOutcome,
  isTransient,
  parseRetryAfter,
  retryDelayMs,
  smallerBatchSize,
  splitIntoBatches,
  type SendFailure,
} from '../../../src/domain/send/outbox-policy';
import { idempotencyKey } from '../../../src/domain/send/idempotency-key';
import { makeItem, numbers } from './factories';

const JOB = '6f1c2a3e-0000-4000-8000-000000000001';

describe('splitIntoBatches', () => {
  it('paces 100 messages a batch, 2 s apart', () => {
    expect(BATCH_SIZE).toBe(100);
    expect(BATCH_GAP_MS).toBe(2000);
  });

  it('splits one regular item of 250 numbers into 100, 100 and 50, indices kept', () => {
    const all = numbers(250);
    const batches = splitIntoBatches([makeItem({ destinationAddress: all.join(',') })]);
    expect(batches.map((b) => [b.from, b.to])).toEqual([
      [0, 99],
      [100, 199],
      [200, 249],
    ]);
    expect(batches.flatMap((b) => b.items.flatMap((i) => i.destinationAddress.split(',')))).toEqual(all);
    expect(batches[2]?.items[0]?.shortMessage).toBe('Hello');
  });

  it('packs personalized items one recipient each', () => {
    const items = numbers(205).map((n, i) => makeItem({ destinationAddress: n, shortMessage: `Hi ${i}` }));
    const batches = splitIntoBatches(items);
    expect(batches.map((b) => b.items.length)).toEqual([100, 100, 5]);
    expect(batches[1]?.items[0]?.shortMessage).toBe('Hi 100');
    expect(batches.map((b) => idempotencyKey(JOB, b.from, b.to))).toEqual([
      `${JOB}:0-99`,
      `${JOB}:100-199`,
      `${JOB}:200-204`,
    ]);
  });

  it('numbers recipients across items and splits an item at a batch edge', () => {
    const items = [
      makeItem({ destinationAddress: numbers(60).join(',') }),
      makeItem({ destinationAddress: numbers(60, 60).join(', '), sourceAddress: 'ALERTS' }),
    ];
    const batches = splitIntoBatches(items);
    expect(batches.map((b) => [b.from, b.to, b.items.map((i) => i.destinationAddress.split(',').length)])).toEqual([
      [0, 99, [60, 40]],
      [100, 119, [20]],
    ]);
    expect(batches[1]?.items[0]?.sourceAddress).toBe('ALERTS');
  });

  it.each([
    [[], []],
    [[makeItem({ destinationAddress: '' })], []],
    [[makeItem({ destinationAddress: ' , ' })], []],
  ])('makes no batch for no recipients', (items, expected) => {
    expect(splitIntoBatches(items)).toEqual(expected);
  });

  it('keeps exactly 100 in one batch and 101 in two', () => {
    expect(splitIntoBatches([makeItem({ destinationAddress: numbers(100).join(',') })])).toHaveLength(1);
    expect(splitIntoBatches([makeItem({ destinationAddress: numbers(101).join(',') })])).toHaveLength(2);
  });

  it('counts recipients the same way', () => {
    expect(countRecipients([makeItem({ destinationAddress: '1,2, 3,' }), makeItem({ destinationAddress: '4' })])).toBe(
      4,
    );
  });
});

describe('decideSendOutcome', () => {
  const half = () => 0.5;

  it.each<[SendFailure, string]>([
    [200, 'done'],
    [201, 'done'],
    [401, 'signed-out'],
    [413, 'split'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [504, 'retry'],
    ['network', 'retry'],
    ['timeout', 'retry'],
    [400, 'final'],
    [403, 'final'],
    [404, 'final'],
    [422, 'final'],
    [501, 'final'],
  ])('%s -> %s', (result, kind) => {
    expect(decideSendOutcome(result, 1, { random: half }).kind).toBe(kind);
  });

  it('splits a 413 on more than one recipient smaller, and gives up only on one message alone', () => {
    expect(decideSendOutcome(413, 1, { recipients: 100 })).toEqual({ kind: 'split' });
    expect(decideSendOutcome(413, 1, { recipients: 2 })).toEqual({ kind: 'split' });
    expect(decideSendOutcome(413, 1, { recipients: 1 })).toEqual({ kind: 'final', reason: 413 });
  });

  it('halves the batch after each 413: 100, 50, 25, 12, 6, 3, 1', () => {
    const sizes = [100];
    while (sizes[sizes.length - 1]! > 1) sizes.push(smallerBatchSize(sizes[sizes.length - 1]!));
    expect(sizes).toEqual([100, 50, 25, 12, 6, 3, 1]);
    expect(smallerBatchSize(1)).toBe(1);
  });

  it('keeps retrying transient failures however many attempts', () => {
    expect(decideSendOutcome(503, 50, { random: () => 1 })).toEqual({ kind: 'retry', afterMs: RETRY_CAP_MS });
  });

  it('waits at least as long as the server asks', () => {
    expect(decideSendOutcome(429, 1, { random: () => 0, retryAfterMs: 30_000 })).toEqual({
      kind: 'retry',
      afterMs: 30_000,
    });
    expect(decideSendOutcome(503, 1, { random: () => 0, retryAfterMs: 120 })).toEqual({ kind: 'retry', afterMs: 500 });
  });

  it("caps the server's Retry-After at the policy's longest wait", () => {
    expect(decideSendOutcome(503, 1, { random: () => 0, retryAfterMs: 3_600_000 })).toEqual({
      kind: 'retry',
      afterMs: RETRY_CAP_MS,
    });
  });

  describe('parseRetryAfter', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    it.each([
      ['120', 120_000],
      [' 0 ', 0],
      ['Mon, 23 Nov 2026 10:00:30 GMT', 30_000],
      ['Mon, 23 Nov 2026 09:00:00 GMT', 0],
      ['', undefined],
      [null, undefined],
      ['-5', undefined],
      ['1.5', undefined],
      ['soon', undefined],
    ])('%j -> %s', (value, ms) => {
      expect(parseRetryAfter(value, now)).toBe(ms);
    });
  });

  it('marks only the transient statuses as transient', () => {
    expect([408, 429, 500, 502, 503, 504].every(isTransient)).toBe(true);
    expect([400, 401, 413, 501].some(isTransient)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0.5, 1500],
    [3, 1, 4000],
    [6, 1, 32_000],
    [7, 1, 60_000],
    [7, 0, 30_000],
    [1000, 1, 60_000],
    [0, 1, 1000],
    [-3, 0, 500],
    [2, 7, 2000],
    [2, -1, 1000],
  ])('attempt %d with random %d waits %d ms', (attempt, r, ms) => {
    expect(retryDelayMs(attempt, () => r)).toBe(ms);
  });

  it('stays within half and all of the capped delay with real randomness', () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const capped = Math.min(RETRY_CAP_MS, 1000 * 2 ** (attempt - 1));
      const ms = retryDelayMs(attempt);
      expect(ms).toBeGreaterThanOrEqual(capped / 2);
      expect(ms).toBeLessThanOrEqual(capped);
    }
  });
});
