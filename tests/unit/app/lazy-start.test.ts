import { describe, expect, it, vi } from 'vitest';
import { lazyStart } from '../../../src/app/lazy-start';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('work loaded on demand (a sync, the outbox)', () => {
  it('starts once its code loads, and stops when asked', async () => {
    const stopWork = vi.fn();
    const stop = lazyStart(async () => stopWork);
    await settle();
    stop();
    expect(stopWork).toHaveBeenCalledTimes(1);
  });

  it('tries its code again when the network returns, after a load that failed offline', async () => {
    const stopWork = vi.fn();
    const load = vi
      .fn<() => Promise<() => void>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(stopWork);
    const stop = lazyStart(load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    // Started: another return of the network loads nothing more.
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    stop();
    expect(stopWork).toHaveBeenCalledTimes(1);
  });

  it('does not try again once stopped', async () => {
    const load = vi.fn<() => Promise<() => void>>().mockRejectedValue(new TypeError('offline'));
    const stop = lazyStart(load);
    await settle();
    stop();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
