// What the browser benches measure alike: percentiles of samples, and the page's long tasks.
import type { Page } from 'playwright-core';

export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: s.at(-1) ?? 0, n: s.length };
};

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Collects main-thread long tasks (over 50 ms) from now on. */
export async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __obs?: PerformanceObserver };
    w.__long = [];
    w.__obs?.disconnect();
    w.__obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration)));
    w.__obs.observe({ type: 'longtask', buffered: false });
  });
}

export const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __long: number[] }).__long);
