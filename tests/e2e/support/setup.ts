import { mkdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { Page } from 'playwright-core';
import { errorsOf, trackedPages } from './browser';
import { storedRecords } from './app-storage';

/** Marks the lines a failed test's report adds; scripts/ci-summary.mjs prints them whatever their place. */
export const PAGE_STATE = 'page state';

type JobRecord = { state: string; attempts: number; notBefore: number; sent: number; total: number; error?: string };

const within = <T>(ms: number, work: Promise<T>, otherwise: T) =>
  Promise.race([work.catch(() => otherwise), new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))]);

/** One line of what a page showed and held when its test failed: what a screenshot cannot say. */
async function stateOf(page: Page, i: number): Promise<string> {
  const shown = await within(
    3000,
    page.evaluate(() => {
      const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return {
        notifications: text(document.querySelector('[aria-label="Notifications"]')),
        alerts: [...document.querySelectorAll('main [role="alert"]')].map(text).filter(Boolean),
        online: navigator.onLine,
        now: Date.now(),
      };
    }),
    null,
  );
  const jobs = await within(3000, storedRecords<JobRecord>(page, 'outboxJobs'), []);
  const outbox = jobs.map(
    (j) =>
      `${j.state} ${j.sent}/${j.total} attempts ${j.attempts}` +
      (shown && j.notBefore > shown.now ? ` in ${j.notBefore - shown.now} ms` : '') +
      (j.error ? ` "${j.error}"` : ''),
  );
  const parts = [
    page.url(),
    shown ? `${shown.online ? 'online' : 'offline'}` : 'the page did not answer',
    `notifications: "${shown?.notifications ?? ''}"`,
    `alerts in main: ${JSON.stringify(shown?.alerts ?? [])}`,
    `outbox: ${JSON.stringify(outbox)}`,
    `errors printed: ${JSON.stringify(errorsOf(page))}`,
  ];
  return `${PAGE_STATE} ${i}: ${parts.join('; ')}`;
}

// On a failed test, every open page: a screenshot under test-results/, and what it showed and held,
// added to the test's error (CI keeps only its report's tail).
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  mkdirSync('test-results', { recursive: true });
  const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const lines: string[] = [];
  let i = 0;
  for (const page of trackedPages()) {
    await page.screenshot({ path: `test-results/${name}-${i}.png`, fullPage: true }).catch(() => {});
    lines.push(await stateOf(page, i));
    i += 1;
  }
  const error = ctx.task.result.errors?.[0];
  if (error && lines.length > 0) {
    error.message = `${error.message}\n${lines.join('\n')}`;
    if (error.stack) error.stack = `${error.stack}\n${lines.join('\n')}`;
  }
});
