import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useQuietIdle } from '../../../src/ui/when-idle';

// The browser's idle callbacks, run when the test says the browser is idle.
let idle: (() => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idle[id - 1] = () => {};
  });
  window.history.replaceState(null, '', '/dashboard');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const browserIdles = () => act(() => idle.splice(0).forEach((run) => run()));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const tap = () => act(() => window.dispatchEvent(new Event('pointerdown')));

describe('useQuietIdle: costly drawing waits for a quiet, idle moment on the same screen', () => {
  it('is true once the browser idles after a second with no tap', async () => {
    const { result } = renderHook(() => useQuietIdle());
    await browserIdles();
    expect(result.current).toBe(false);
    await wait(1000);
    expect(result.current).toBe(false);
    await browserIdles();
    expect(result.current).toBe(true);
  });

  it('waits a second again after each tap or key', async () => {
    const { result } = renderHook(() => useQuietIdle());
    await wait(900);
    await tap();
    await wait(900);
    await act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    await wait(900);
    await browserIdles();
    expect(result.current).toBe(false);
    await wait(100);
    await browserIdles();
    expect(result.current).toBe(true);
  });

  it('never draws once the address has changed (a tap opening another screen)', async () => {
    const { result } = renderHook(() => useQuietIdle());
    await tap();
    window.history.pushState(null, '', '/dashboard/abc');
    await wait(1000);
    await browserIdles();
    await wait(5000);
    await browserIdles();
    expect(result.current).toBe(false);
  });
});
