import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Fresh module state for each test: the hold is the module's own.
const load = async () => {
  vi.resetModules();
  return import('../../../src/sync/after-first-screen');
};

describe('work after the first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs at once when nothing holds, and after the screen shows and the browser idles when held', async () => {
    const screen = await load();
    const ran: string[] = [];
    screen.afterFirstScreen(() => ran.push('unheld'));
    expect(ran).toEqual(['unheld']);
    screen.holdUntilFirstScreen();
    screen.afterFirstScreen(() => ran.push('held'));
    await vi.advanceTimersByTimeAsync(500);
    expect(ran).toEqual(['unheld']);
    screen.releaseFirstScreen();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(ran).toEqual(['unheld', 'held']);
  });

  it('holds again at a sign-in: the release of the start-up screen, still waiting for idle, does not end the new hold', async () => {
    const screen = await load();
    const ran: string[] = [];
    screen.holdUntilFirstScreen();
    screen.releaseFirstScreen(); // the login page showed; its idle callback is pending
    screen.holdUntilFirstScreen(); // signed in: the send screen comes next
    screen.afterFirstScreen(() => ran.push('fetchuser'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ran).toEqual([]);
    screen.releaseFirstScreen(); // the send screen showed
    await vi.advanceTimersByTimeAsync(1_100);
    expect(ran).toEqual(['fetchuser']);
  });

  it('lets the work go after a few seconds when no screen says it has shown', async () => {
    const screen = await load();
    const ran: string[] = [];
    screen.holdUntilFirstScreen();
    screen.afterFirstScreen(() => ran.push('late'));
    await vi.advanceTimersByTimeAsync(6_100);
    expect(ran).toEqual(['late']);
  });
});
