// Delivery reports and the status page at 100,000 recipients (figures printed, never asserted):
// - an account with REPORTS_RECIPIENTS (1,000,000) recipients over 30 days, seeded straight into the
//   database (tests/gateway/helpers/big-send.ts): the overview's and a report's answer time, a status
//   page's, and a look at what changed (bytes, time, gateway CPU) on a 100,000-recipient send, beside
//   the old whole-list answer and its compression per MB (brotli 11, the gateway's brotli 4, gzip 6);
// - in Chromium (REPORTS_BROWSER=0 skips it), a 100,000-recipient send's status page on a phone-speed
//   CPU (4x slower), signed in and with the service worker installed: time until the first rows show, and
//   the Excel export's time and longest main-thread task.
//   npm run bench -- reports      (PostgreSQL: node scripts/with-postgres.mjs npx tsx tests/bench/reports.bench.ts)
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { DAY_MS } from '../../src/domain/dates';
import { makeTestApp, tokenFor, type TestGateway } from '../gateway/helpers/test-app';
import { seedBigSend } from '../gateway/helpers/big-send';
import { openDatabase } from '../../server/src/db/database';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE, serviceWorkerControls } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { longTasks, stats, watchLongTasks } from './bench-stats';

const RECIPIENTS = Number(process.env.REPORTS_RECIPIENTS ?? 1_000_000);
const PER_SEND = 100_000;
const LOOKS = 200;

type Demo = Awaited<ReturnType<typeof tokenFor>>;

async function post(gw: TestGateway, demo: Demo, path: string, body: Record<string, unknown>) {
  const res = await gw.app.inject({
    method: 'POST',
    url: `/smsgateway/api/frontend/${path}`,
    payload: { profile_id: demo.profile_id, ...body },
    headers: { host: 'localhost', authorization: `Bearer ${demo.token}`, 'accept-encoding': 'br' },
  });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res;
}

/** Median answer time of `runs` calls, and the bytes of the last. */
async function answerTime(gw: TestGateway, demo: Demo, path: string, body: Record<string, unknown>, runs = 20) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const res = await post(gw, demo, path, body);
    times.push(performance.now() - start);
    bytes = res.rawPayload.length;
  }
  return { ...stats(times), bytes };
}

const f = (n: number) => n.toFixed(1).padStart(7);

async function gatewayFigures() {
  const gw = await makeTestApp();
  try {
    const dialect = gw.ctx.db.dialectName;
    const sends = Math.max(1, Math.round(RECIPIENTS / PER_SEND));
    const seedStart = performance.now();
    let last = { messageId: 0, randomAlpha: '' };
    // Spread over the last 30 days, the newest last.
    for (let i = 0; i < sends; i += 1) {
      const at = gw.clock.now - Math.round(((sends - 1 - i) * 29 * DAY_MS) / Math.max(1, sends - 1)) - 3_600_000;
      last = await seedBigSend(gw.ctx.db, {
        username: 'demouser',
        count: PER_SEND,
        now: at,
        description: `Send ${i + 1}`,
      });
    }
    console.log(
      `${dialect}: seeded ${(sends * PER_SEND).toLocaleString('en-US')} recipients in ${sends} sends over 30 days in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
    const demo = await tokenFor(gw, 'demouser');
    const id = last.messageId;

    const overview = await answerTime(gw, demo, 'overview', {});
    console.log(
      `${dialect}: overview (30 days, ${RECIPIENTS.toLocaleString('en-US')} recipients)  median ${f(overview.median)} ms, p95 ${f(overview.p95)} ms, ${overview.bytes} B`,
    );
    const report = await answerTime(gw, demo, `messagereport/${id}`, {});
    console.log(
      `${dialect}: a 100,000-recipient send's report           median ${f(report.median)} ms, p95 ${f(report.p95)} ms, ${report.bytes} B`,
    );
    const first = await answerTime(gw, demo, `status/${id}`, { page: 1, size: 5 });
    console.log(
      `${dialect}: status page 1 (5 rows)                         median ${f(first.median)} ms, ${first.bytes} B`,
    );
    const deep = await answerTime(gw, demo, `status/${id}`, { page: 4000, size: 25 });
    console.log(
      `${dialect}: status page 4,000 (25 rows)                    median ${f(deep.median)} ms, ${deep.bytes} B`,
    );
    const failed = await answerTime(gw, demo, `status/${id}`, { page: 100, size: 25, filter: 'failed' });
    console.log(
      `${dialect}: failed only, page 100                          median ${f(failed.median)} ms, ${failed.bytes} B`,
    );
    const search = await answerTime(gw, demo, `status/${id}`, { page: 1, size: 5, search: '054 000 1' }, 5);
    console.log(
      `${dialect}: server-side search over 100,000 rows           median ${f(search.median)} ms, ${search.bytes} B`,
    );

    // A look while nothing changes: bytes, time and gateway CPU.
    const cursor = JSON.parse(
      brotliDecompressSync((await post(gw, demo, `status/${id}`, { page: 1, size: 5 })).rawPayload).toString(),
    ).cursor as number;
    const cpu = process.cpuUsage();
    const lookStart = performance.now();
    let lookBytes = 0;
    for (let i = 0; i < LOOKS; i += 1)
      lookBytes = (await post(gw, demo, `status/${id}`, { since: cursor })).rawPayload.length;
    const used = process.cpuUsage(cpu);
    console.log(
      `${dialect}: a look while nothing changes: ${lookBytes} B, ${f((performance.now() - lookStart) / LOOKS)} ms, gateway CPU ${f((used.user + used.system) / 1000 / LOOKS)} ms`,
    );

    // The old whole-list answer, as old clients still get it.
    const oldStart = performance.now();
    const oldCpu = process.cpuUsage();
    const whole = await gw.app.inject({
      method: 'POST',
      url: `/smsgateway/api/frontend/status/${id}`,
      payload: { profile_id: demo.profile_id },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    const oldUsed = process.cpuUsage(oldCpu);
    const json = whole.rawPayload;
    console.log(
      `${dialect}: the old whole list: ${(json.length / 1_048_576).toFixed(1)} MB in ${f(performance.now() - oldStart)} ms (gateway CPU ${f((oldUsed.user + oldUsed.system) / 1000)} ms)`,
    );
    return json;
  } finally {
    await gw.close();
  }
}

function compressionFigures(json: Buffer) {
  const mb = json.length / 1_048_576;
  const perMb = (label: string, run: () => Buffer) => {
    const start = performance.now();
    const out = run();
    console.log(
      `compression ${label.padEnd(34)} ${f((performance.now() - start) / mb)} ms per MB, ${(out.length / 1024).toFixed(0)} KB`,
    );
  };
  perMb('brotli 11 (before: brotli default)', () => brotliCompressSync(json));
  perMb('brotli 4 (the gateway, dynamic)', () =>
    brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  );
  perMb('gzip 6', () => gzipSync(json, { level: 6 }));
}

/** Resolves once the page has gone `ms` without a long task (at most 20 s). No named functions inside: tsx would wrap them. */
const quiet = (page: Page, ms: number) =>
  page.evaluate(
    (quietMs) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        let last = started;
        const observer = new PerformanceObserver(() => {
          last = performance.now();
        });
        observer.observe({ type: 'longtask' });
        const timer = setInterval(() => {
          const now = performance.now();
          if (now - last < quietMs && now - started < 20_000) return;
          clearInterval(timer);
          observer.disconnect();
          resolve();
        }, 100);
      }),
    ms,
  );

async function browserFigures() {
  const gateway = await startGateway();
  const { dataDir } = gateway;
  await gateway.kill();
  const db = openDatabase({ sqliteFile: join(dataDir, 'gateway.sqlite') });
  const send = await seedBigSend(db, { username: 'demouser', count: PER_SEND, now: Date.now() - 3_600_000 });
  await db.destroy();
  const running = await startGateway({ DATA_DIR: dataDir });
  const browser = await launchBrowser();
  try {
    const firstRows: number[] = [];
    const headings: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const { page, context } = await newPage(browser, { viewport: PHONE, acceptDownloads: true });
      await page.goto(running.url('/login'));
      await page.getByLabel(/^Email or username/).fill('demouser');
      await page.getByLabel(/^Password/).fill('demo12345');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Send SMS', level: 1 }).waitFor();
      // The service worker installed (its precache downloaded) and the sign-in's own work done, as on a
      // phone that has used the app before: neither shares the measured page's slowed CPU.
      await serviceWorkerControls(page);
      await page.waitForLoadState('networkidle');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // Marks, in the page's own clock from its navigation: the screen's heading, then its first rows.
      await page.addInitScript(() => {
        const w = window as unknown as { __marks: Record<string, number> };
        w.__marks = {};
        new MutationObserver(() => {
          if (!w.__marks.heading && document.querySelector('h1')?.textContent === 'Message status')
            w.__marks.heading = performance.now();
          if (!w.__marks.rows && document.querySelectorAll('table[aria-label="Delivery status"] tbody tr').length >= 5)
            w.__marks.rows = performance.now();
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(running.url(`/dashboard/${send.randomAlpha}`));
      await page.getByRole('table', { name: 'Delivery status' }).getByRole('row').nth(5).waitFor();
      const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
      firstRows.push(Math.round(marks.rows ?? 0));
      headings.push(Math.round(marks.heading ?? 0));
      if (run === 2) {
        await page.getByRole('region', { name: 'Delivery report' }).getByTestId('time-text').waitFor();
        // From a settled page: the charts' first drawing (after the region shows) is the report's, not the export's.
        await quiet(page, 1000);
        await watchLongTasks(page);
        const exportStart = Date.now();
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export status report (Excel)' }).click();
        await download;
        const took = Date.now() - exportStart;
        const tasks = await longTasks(page);
        console.log(
          `Chromium 4x CPU: export of 100,000 rows from pages in a worker: ${(took / 1000).toFixed(1)} s, longest main-thread task ${Math.max(0, ...tasks).toFixed(0)} ms (${tasks.length} over 50 ms)`,
        );
      }
      await context.close();
    }
    const s = stats(firstRows);
    console.log(
      `Chromium 4x CPU: a 100,000-recipient send's first rows shown ${s.median} ms after navigation (median; runs ${firstRows.join(', ')} ms); the screen's heading at ${stats(headings).median} ms`,
    );
  } finally {
    await browser.close();
    await running.stop();
  }
}

const json = await gatewayFigures();
compressionFigures(json);
if (process.env.REPORTS_BROWSER !== '0' && !process.env.DATABASE_URL) await browserFigures();
