import { describe, expect, it } from 'vitest';
import { idempotencyKey, parseIdempotencyKey } from '../../../src/domain/send/idempotency-key';

const JOB = '6f1c2a3e-0000-4000-8000-000000000001';

describe('idempotency keys: the outbox writes what the gateway reads', () => {
  it('reads back what the outbox writes, the jobId lower-cased', () => {
    expect(parseIdempotencyKey(idempotencyKey(JOB, 0, 99))).toEqual({
      key: `${JOB}:0-99`,
      jobId: JOB,
      from: 0,
      to: 99,
    });
    expect(parseIdempotencyKey(` ${JOB.toUpperCase()}:5-5 `)).toMatchObject({ jobId: JOB, from: 5, to: 5 });
  });

  it.each([[''], ['   '], [null], [undefined]])('%j is no key at all', (key) => {
    expect(parseIdempotencyKey(key)).toBeNull();
  });

  it.each([
    [`${JOB}:9-3`, 'Invalid Idempotency-Key: <to> is before <from>'],
    [`${JOB}:0-`, 'Invalid Idempotency-Key: expected <jobId>:<from>-<to>'],
    [':0-1', 'Invalid Idempotency-Key: expected <jobId>:<from>-<to>'],
    ['a:b:5-5', 'Invalid Idempotency-Key: expected <jobId>:<from>-<to>'],
    [`${JOB}:0-1234567890`, 'Invalid Idempotency-Key: expected <jobId>:<from>-<to>'],
  ])('%j is refused: %s', (key, problem) => {
    expect(parseIdempotencyKey(key)).toEqual({ problem });
  });
});
