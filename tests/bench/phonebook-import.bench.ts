// Figures: 100,000 contacts from an xlsx file: parse in the worker, upload in parts and
// mirror on the device (times, longest main-thread task), then search and scroll the group page.
//   npm run build && npx tsx tests/bench/phonebook-import.bench.ts
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { longTasks, ms, stats, watchLongTasks } from './bench-stats';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { LoginPage } from '../e2e/support/pages/login-page';

const ROWS = 100_000;
const count = ROWS.toLocaleString('en-US');
const dir = mkdtempSync(join(tmpdir(), 'phonebook-bench-'));

function writeXlsx(): string {
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `First${i}`,
    `Surname${i}`,
    `233${String(250_000_000 + i)}`,
    `person${i}@example.com`,
    `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 9}`,
  ]);
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([['First name', 'Surname', 'Phone number', 'Email', 'Birthday'], ...rows]);
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const path = join(dir, 'contacts-100k.xlsx');
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  return path;
}

const longest = async (page: Page) => {
  const tasks = await longTasks(page);
  return `long tasks ${tasks.length}, longest ${ms(Math.max(0, ...tasks))}`;
};

const file = writeXlsx();
const gateway = await startGateway();
const browser = await launchBrowser();
try {
  const { page } = await newPage(browser);
  await new LoginPage(page).signIn(gateway.url('/login'), 'demouser', 'demo12345');
  await page.goto(gateway.url('/phonebook'));
  await page.evaluate('globalThis.__name = (f) => f');
  await page.getByLabel('New phone book').fill('Bench book');
  await page.getByRole('button', { name: 'Create phone book' }).click();
  await page.getByRole('link', { name: 'Bench book', exact: true }).click();
  await page.getByRole('heading', { name: 'Contacts of Bench book' }).waitFor();
  console.log(`file: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB xlsx, ${count} rows x 5 columns`);

  await page.getByRole('button', { name: 'Load contacts from Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load contacts from Excel' });
  await watchLongTasks(page);
  let t0 = Date.now();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByText(`${count} contacts ready to load`).waitFor({ timeout: 180_000 });
  console.log(`parse in the worker: ${Date.now() - t0} ms to the preview; ${await longest(page)}`);

  await watchLongTasks(page);
  t0 = Date.now();
  await dialog.getByRole('button', { name: `Load ${count} contacts` }).click();
  await dialog.getByText('Saving the contacts on this device', { exact: false }).waitFor({ timeout: 600_000 });
  const uploaded = Date.now() - t0;
  await dialog.waitFor({ state: 'detached', timeout: 600_000 });
  const mirrored = Date.now() - t0 - uploaded;
  console.log(`upload in parts of 5,000: ${uploaded} ms; mirror on the device: ${mirrored} ms; ${await longest(page)}`);
  await page.getByText(`${count} contacts`, { exact: true }).waitFor({ timeout: 60_000 });

  // Each search starts from the whole book, so the count waited for is the new search's, never the last one's.
  const searches: number[] = [];
  const needles = [
    '233250077777',
    'first99999',
    'person5000@',
    '1999-09-18',
    'surname12345',
    'first1234',
    '2332500',
    'xyz',
  ];
  await watchLongTasks(page);
  for (const needle of [...needles, ...needles.map((n) => n.toUpperCase())]) {
    await page.getByLabel('Search contacts').fill('');
    await page.getByText(`${count} contacts`, { exact: true }).waitFor();
    t0 = Date.now();
    await page.getByLabel('Search contacts').fill(needle);
    await page.getByText(/ of 100,000 contacts$/).waitFor();
    searches.push(Date.now() - t0);
  }
  const s = stats(searches);
  console.log(
    `search over ${count}: fill to results median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)} (${s.n} searches); ${await longest(page)}`,
  );
  await page.getByLabel('Search contacts').fill('');
  await page.getByText(`${count} contacts`, { exact: true }).waitFor();

  await watchLongTasks(page);
  const frames = await page.evaluate(
    () =>
      new Promise<{ frames: number[]; total: number }>((resolve) => {
        const box = document.querySelector('[role="region"][aria-label="Contacts of Bench book"]') as HTMLElement;
        const frames: number[] = [];
        let last = performance.now();
        let steps = 0;
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          box.scrollTop += 800;
          steps += 1;
          if (steps < 600 && box.scrollTop + box.clientHeight < box.scrollHeight - 2) requestAnimationFrame(step);
          else resolve({ frames: frames.slice(1), total: box.scrollTop });
        };
        requestAnimationFrame(step);
      }),
  );
  const f = stats(frames.frames);
  console.log(
    `scroll ${(frames.total / 1000).toFixed(0)}k px of the group page: frame median ${ms(f.median)}, p95 ${ms(f.p95)}, max ${ms(f.max)} over ${f.n} frames; ${await longest(page)}`,
  );

  // Opening the book again (a reload): the device's copy is read and checked against the gateway.
  await page.addInitScript(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
      type: 'longtask',
    });
  });
  t0 = Date.now();
  await page.reload();
  await page.getByText(`${count} contacts`, { exact: true }).waitFor({ timeout: 60_000 });
  const shownIn = Date.now() - t0;
  await page.getByLabel('Loading contacts').waitFor({ state: 'detached', timeout: 60_000 });
  console.log(
    `reopen the group page: ${count} contacts shown ${shownIn} ms after the reload, checked ${Date.now() - t0} ms; ${await longest(page)}`,
  );
} finally {
  await browser.close();
  await gateway.stop();
  rmSync(dir, { recursive: true, force: true });
}
