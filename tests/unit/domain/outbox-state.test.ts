import { describe, expect, it } from 'vitest';
import { isWaitingJob } from '../../../src/domain/send/outbox-state';

describe('isWaitingJob', () => {
  it.each([
    ['queued', true],
    ['sending', true],
    ['paused', true],
    ['done', false],
    ['failed', false],
  ] as const)('a %s send is waiting: %s', (state, waiting) => {
    expect(isWaitingJob({ state })).toBe(waiting);
  });
});
