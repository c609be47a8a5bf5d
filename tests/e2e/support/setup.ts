import { mkdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import { trackedPages } from './browser';

// A screenshot of every open page when a test fails, under test-results/.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  mkdirSync('test-results', { recursive: true });
  const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let i = 0;
  for (const page of trackedPages()) {
    await page.screenshot({ path: `test-results/${name}-${i++}.png`, fullPage: true }).catch(() => {});
  }
});
