import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The hold is once a page: each case loads the modules afresh, as a new page would.
async function freshPage() {
  vi.resetModules();
  const [{ lazyStartAfterFirstScreen }, { holdUntilFirstScreen, releaseFirstScreen }] = await Promise.all([
    import('../../../src/app/lazy-start'),
    import('../../../src/sync/after-first-screen'),
  ]);
  holdUntilFirstScreen();
  return { lazyStartAfterFirstScreen, releaseFirstScreen };
}

// The outbox and the start-up syncs start once the first screen has shown (app.tsx): held until then,
// started after, and never started when stopped before.
describe('lazyStartAfterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen, then starts; a stop afterwards stops what started', async () => {
    const { lazyStartAfterFirstScreen, releaseFirstScreen } = await freshPage();
    const stopped = vi.fn();
    const load = vi.fn(() => Promise.resolve(stopped));
    const stop = lazyStartAfterFirstScreen(load);
    await vi.advanceTimersByTimeAsync(100);
    expect(load).not.toHaveBeenCalled();
    releaseFirstScreen();
    await vi.advanceTimersByTimeAsync(3000);
    expect(load).toHaveBeenCalledTimes(1);
    stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('starts even when the first screen never says it has shown (after a few seconds)', async () => {
    const { lazyStartAfterFirstScreen } = await freshPage();
    const load = vi.fn(() => Promise.resolve(() => {}));
    lazyStartAfterFirstScreen(load);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never starts what was stopped before the first screen showed', async () => {
    const { lazyStartAfterFirstScreen, releaseFirstScreen } = await freshPage();
    const load = vi.fn(() => Promise.resolve(() => {}));
    lazyStartAfterFirstScreen(load)();
    releaseFirstScreen();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).not.toHaveBeenCalled();
  });
});
