// Figures: 100,000-row xlsx and csv parsed in the worker (time, longest main-thread task),
// the counters per keystroke on a 1,377-character text, and the dashboard scrolling 10,000 items.
//   npm run build && npx tsx tests/bench/pwa-send.bench.ts
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import type { Page } from 'playwright-core';
import { longTasks, ms, stats, watchLongTasks } from './bench-stats';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { LoginPage } from '../e2e/support/pages/login-page';
import { SendPage } from '../e2e/support/pages/send-page';

const ROWS = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'pwa-send-bench-'));

function writeFiles() {
  const header = ['numbers', 'firstname', 'surname', 'amount', 'birthday'];
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `233${String(240_000_000 + i)}`,
    `First${i}`,
    `Surname${i}`,
    1000 + i * 1.5,
    `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 9}`,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Customers');
  const xlsx = join(dir, 'customers-100k.xlsx');
  writeFileSync(xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  const csv = join(dir, 'customers-100k.csv');
  writeFileSync(csv, [header.join(','), ...rows.map((r) => r.join(','))].join('\n'));
  return { xlsx, csv };
}

/** Keystroke to painted counter, typing the last 50 characters of a 1,377-character text (9 parts, the limit). */
async function counters(page: Page, label: string) {
  const send = new SendPage(page);
  await send.message.fill('x'.repeat(1327));
  await send.message.press('End');
  await page.evaluate(() => {
    const w = window as unknown as {
      __keys: number[];
      __lat: number[];
      __mo?: MutationObserver;
      __keyListener?: boolean;
    };
    w.__keys = [];
    w.__lat = [];
    w.__mo?.disconnect();
    const counter = document.querySelector('[data-testid="sms-counter"]')!;
    if (!w.__keyListener) document.addEventListener('keydown', (e) => w.__keys.push(e.timeStamp), true);
    w.__keyListener = true;
    w.__mo = new MutationObserver(() => {
      const start = w.__keys.shift();
      // The counter's new text is on screen at the next frame.
      if (start !== undefined) requestAnimationFrame(() => w.__lat.push(performance.now() - start));
    });
    w.__mo.observe(counter, { characterData: true, childList: true, subtree: true });
  });
  await watchLongTasks(page);
  const t0 = Date.now();
  for (let i = 0; i < 50; i += 1) await page.keyboard.type('y');
  const perKey = (Date.now() - t0) / 50;
  await page.getByTestId('sms-counter').getByText('1377 / 1377 characters').waitFor();
  const latency = stats(await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat));
  const typingTasks = await longTasks(page);
  console.log(
    `counters, 1,377-char text, ${label.padEnd(20)} keystroke to painted counter median ${ms(latency.median)}, p95 ${ms(latency.p95)}, max ${ms(latency.max)} (${latency.n} keys, one every ${ms(perKey)}); long tasks ${typingTasks.length}, longest ${ms(Math.max(0, ...typingTasks))}`,
  );
  await send.message.fill('');
}

const { xlsx, csv } = writeFiles();
const gateway = await startGateway();
const browser = await launchBrowser();
try {
  const { page } = await newPage(browser);
  const send = await new LoginPage(page).signIn(gateway.url('/login'));
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('globalThis.__name = (f) => f');
  await counters(page, 'no rows loaded');
  console.log(
    `files: xlsx ${(statSync(xlsx).size / 1024 / 1024).toFixed(1)} MiB, csv ${(statSync(csv).size / 1024 / 1024).toFixed(1)} MiB, ${ROWS.toLocaleString('en-US')} rows x 5 columns`,
  );

  // 1. Parsing in the worker, the page staying responsive.
  await send.choose('Contact source', 'Excel or CSV file');
  for (const [label, file] of [
    ['xlsx', xlsx],
    ['csv', csv],
    ['xlsx (again, warm)', xlsx],
    ['csv (again, warm)', csv],
  ] as const) {
    await page.locator('input[type="file"]').setInputFiles([]);
    await watchLongTasks(page);
    const t0 = Date.now();
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText(`Loaded ${ROWS.toLocaleString('en-US')} rows`).waitFor({ timeout: 120_000 });
    const took = Date.now() - t0;
    await page.getByTestId('recipient-count').getByText(ROWS.toLocaleString('en-US')).waitFor();
    const tasks = await longTasks(page);
    console.log(
      `parse ${label.padEnd(20)} ${String(took).padStart(6)} ms to "Loaded"; main-thread long tasks: ${tasks.length}, longest ${ms(Math.max(0, ...tasks))}`,
    );
  }

  await counters(page, '100,000 rows loaded');

  // 3. The dashboard with 10,000 stored items, scrolled from top to bottom.
  const seeded = await page.evaluate(async (count) => {
    const db: IDBDatabase = await new Promise((res, rej) => {
      const open = indexedDB.open('bulk-sms');
      open.onsuccess = () => res(open.result);
      open.onerror = () => rej(open.error);
    });
    const session: { profile_id: number } = await new Promise((res) => {
      const get = db.transaction('session').objectStore('session').get('current');
      get.onsuccess = () => res(get.result);
    });
    const now = Date.now();
    const tx = db.transaction(['listItems', 'listState'], 'readwrite');
    const items = tx.objectStore('listItems');
    for (let i = 0; i < count; i += 1) {
      const id = String(9_000_000 + i);
      items.put({
        profile_id: session.profile_id,
        list: 'quick-own',
        itemId: id,
        sortKey: now - i * 60_000,
        data: {
          message_id: id,
          randomAlpha: `Bench${i}`,
          shortMessage: `Bench message ${i}: weekend sale, 20% off everything in store this Saturday only`,
          destinationAddress: '233240000001,233240000002',
          destinationCount: 2 + (i % 50),
          sourceAddress: 'DEMO',
          messageDescription: `Campaign ${i}`,
          messageType: 'quick sms',
          username: 'demouser',
          messagecount: 1,
          messageSentTime: new Date(now - i * 60_000).toISOString(),
          posted: 2 + (i % 50),
          submitted: 2 + (i % 50),
          messageStatus: [
            { status: 'SENT', count: 2 + (i % 50) },
            { status: 'FAILED', count: 0 },
            { status: 'PENDING', count: 0 },
          ],
        },
      });
    }
    tx.objectStore('listState').put({
      profile_id: session.profile_id,
      list: 'quick-own',
      pageNum: 500,
      search: '',
      visited: true,
      done: true,
      refreshedAt: now,
    });
    await new Promise((res, rej) => {
      tx.oncomplete = res;
      tx.onerror = () => rej(tx.error);
    });
    db.close();
    return count;
  }, 10_000);
  const t0 = Date.now();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('list', { name: 'Dashboard' }).getByText('Campaign 0', { exact: true }).waitFor();
  const firstPaint = Date.now() - t0;
  const domRows = await page.getByRole('listitem').count();
  await watchLongTasks(page);
  const frames = await page.evaluate(
    () =>
      new Promise<{ frames: number[]; reached: number; total: number }>((resolve) => {
        const box = document.querySelector('[role="region"][aria-label="Dashboard"]') as HTMLElement;
        const frames: number[] = [];
        let last = performance.now();
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          box.scrollTop += 600; // about 4.5 rows a frame: 36,000 px a second at 60 fps
          if (box.scrollTop + box.clientHeight < box.scrollHeight - 2) requestAnimationFrame(step);
          else resolve({ frames: frames.slice(1), reached: box.scrollTop, total: box.scrollHeight });
        };
        requestAnimationFrame(step);
      }),
  );
  const f = stats(frames.frames);
  const scrollTasks = await longTasks(page);
  await page.getByText('Data fetch completed').waitFor();
  console.log(
    `dashboard, ${seeded.toLocaleString('en-US')} items: first rows ${firstPaint} ms after the click, ${domRows} rows in the DOM; scrolling ${(frames.total / 1000).toFixed(0)}k px: frame median ${ms(f.median)}, p95 ${ms(f.p95)}, max ${ms(f.max)} over ${f.n} frames, long tasks ${scrollTasks.length} (longest ${ms(Math.max(0, ...scrollTasks))})`,
  );
} finally {
  await browser.close();
  await gateway.stop();
  rmSync(dir, { recursive: true, force: true });
}
