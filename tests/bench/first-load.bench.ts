// Figures: what the landing page and a reseller's login page cost on a first visit (bytes
// over the wire before the page is usable, time to it unthrottled and on a Lighthouse-like phone),
// the offline time to them from the service worker, and Lighthouse (median of 3) when it runs.
//   npm run bench -- first-load          (FIRST_LOAD_LIGHTHOUSE=0 skips Lighthouse; FIRST_LOAD_LIST=40 lists
//   40 answers before usable instead of the 6 heaviest)
import { categoryScore, runLighthouse } from './lighthouse';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { stats } from './bench-stats';

/**
 * shown: the page's content on screen (from the gateway's prerendered HTML, before any code runs);
 * usable: the app has taken it over (hydrated), so what the visitor does works as the app means it.
 */
type Target = {
  name: string;
  path: string;
  host: string;
  shown: (page: Page) => Promise<void>;
  usable: (page: Page) => Promise<void>;
};
const TARGETS: Target[] = [
  {
    name: 'landing (localhost /)',
    path: '/',
    host: 'localhost',
    shown: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
    },
    // The app runs at the visitor's first touch (src/app/first-touch.ts): a tap on the heading. React
    // marks each element it has hydrated or rendered with its fiber.
    usable: async (page) => {
      await page.getByRole('heading', { level: 1 }).click();
      await page.waitForFunction(() => {
        const heading = document.querySelector('h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      });
    },
  },
  {
    name: 'reseller login (acme.localhost /login)',
    path: '/login',
    host: 'acme.localhost',
    shown: async (page) => {
      await page.getByLabel(/^Email or username/).waitFor();
      await page.getByLabel(/^Password/).waitFor();
      await page.getByRole('button', { name: 'Login' }).waitFor();
    },
    // Typed in at once: the Login button enables once the app holds what was typed.
    usable: async (page) => {
      await page.getByLabel(/^Email or username/).fill('acmeclient');
      await page.getByLabel(/^Password/).fill('client12345');
      await page.waitForFunction(() => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Login');
        return button !== undefined && !button.disabled;
      });
    },
  },
];
// Lighthouse's mobile preset: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower.
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };
const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 3);

/**
 * Counts encoded bytes (headers and body as received: CDP's encodedDataLength, through Playwright,
 * which also follows dedicated workers) of every response the page and its workers finished; the
 * service worker's own precache fetches are counted apart (precacheBytes).
 */
function countBytes(context: BrowserContext) {
  const finished: Array<Promise<[string, number]>> = [];
  let counting = true;
  context.on('requestfinished', (request) => {
    // What finishes after the page is usable (the code loaded after the first screen) is not counted.
    if (!counting || request.serviceWorker()) return;
    finished.push(
      (async (): Promise<[string, number]> => {
        const [size, response] = await Promise.all([request.sizes(), request.response()]);
        // A dedicated worker's script reports no body size here: its Content-Length is what came.
        const body = size.responseBodySize || Number((await response?.allHeaders())?.['content-length'] ?? 0);
        return [request.url(), size.responseHeadersSize + body];
      })(),
    );
  });
  return async () => {
    counting = false;
    const bytes = new Map<string, number>();
    for (const [url, n] of await Promise.all([...finished])) bytes.set(url, (bytes.get(url) ?? 0) + n);
    return bytes;
  };
}

async function firstVisit(browser: Browser, gatewayUrl: string, target: Target, throttled: boolean) {
  const { page, context } = await newPage(browser, { viewport: PHONE });
  const snapshot = countBytes(context);
  const cdp = await context.newCDPSession(page);
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const t0 = Date.now();
  await page.goto(gatewayUrl, { waitUntil: 'commit' });
  await target.shown(page);
  const shownMs = Date.now() - t0;
  await target.usable(page);
  const ms = Date.now() - t0;
  const before = await snapshot();
  await context.close();
  return { shownMs, ms, before };
}

async function offlineShell(browser: Browser, gatewayUrl: string, target: Target) {
  const { page, context } = await newPage(browser, { viewport: PHONE });
  await page.goto(gatewayUrl);
  await target.shown(page);
  await target.usable(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await target.shown(page);
    await target.usable(page);
    times.push(Date.now() - t0);
  }
  await context.close();
  return stats(times);
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const heaviest = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.FIRST_LOAD_LIST ?? 6))
    .map(([url, n]) => `${new URL(url).pathname} ${kb(n)}`)
    .join(', ');

/** What the service worker's precache costs on the wire after the first visit (its fetches are not the page's). */
async function precacheBytes(origin: string) {
  const urls = [...readFileSync('dist/sw.js', 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  let wire = 0;
  for (const url of urls) {
    const res = await fetch(new URL(url, origin), { headers: { 'accept-encoding': 'br, gzip' } });
    wire += Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
  }
  return { files: urls.length, wire };
}

const gateway = await startGateway();
const browser = await launchBrowser();
try {
  const precache = await precacheBytes(gateway.url('/'));
  console.log(
    `service worker precache after the first visit: ${precache.files} files, ${kb(precache.wire)} on the wire`,
  );
  for (const target of TARGETS) {
    const url = gateway.url(target.path, target.host);
    console.log(`\n${target.name}`);
    const open = await firstVisit(browser, url, target, false);
    console.log(`  bytes before usable: ${kb(sum(open.before))} in ${open.before.size} responses`);
    console.log(`    heaviest: ${heaviest(open.before)}`);
    const workers = [...open.before].filter(([url]) => /worker|xlsx/i.test(url));
    console.log(
      `    workers and SheetJS before usable: ${workers.map(([url, n]) => `${new URL(url).pathname} ${kb(n)}`).join(', ') || 'none'}`,
    );
    const fast: Array<{ shownMs: number; ms: number }> = [];
    const slow: Array<{ shownMs: number; ms: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      fast.push(await firstVisit(browser, url, target, false));
      slow.push(await firstVisit(browser, url, target, true));
    }
    for (const [how, runs] of [
      ['unthrottled', fast],
      ['phone (150 ms RTT, 1.6 Mbit/s, CPU x4)', slow],
    ] as const) {
      const shown = runs.map((r) => r.shownMs);
      const usable = runs.map((r) => r.ms);
      console.log(
        `  first visit, ${how}: shown at median ${stats(shown).median} ms (${shown.join(', ')}), ` +
          `usable at median ${stats(usable).median} ms (${usable.join(', ')})`,
      );
    }
    const offline = await offlineShell(browser, url, target);
    console.log(`  offline time to usable from the service worker: median ${offline.median} ms, max ${offline.max} ms`);
  }
} finally {
  await browser.close();
}

if (process.env.FIRST_LOAD_LIGHTHOUSE !== '0') {
  for (const target of TARGETS) {
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      const report = lighthouse(gateway.url(target.path, target.host));
      if (!report.ok) {
        console.log(`\nlighthouse ${target.name}: not run (${report.why})`);
        break;
      }
      runs.push(report);
    }
    if (runs.length < RUNS) continue;
    const med = (f: (r: LighthouseRun) => number) => stats(runs.map(f)).median;
    console.log(
      `\nlighthouse ${target.name} (mobile, median of ${RUNS}): performance ${med((r) => r.perf)}, accessibility ${med((r) => r.a11y)}, ` +
        `best practices ${med((r) => r.bp)}; LCP ${med((r) => r.lcp).toFixed(0)} ms, TBT ${med((r) => r.tbt).toFixed(0)} ms, FCP ${med((r) => r.fcp).toFixed(0)} ms`,
    );
  }
}
await gateway.stop();

type LighthouseRun = { ok: true; perf: number; a11y: number; bp: number; lcp: number; tbt: number; fcp: number };
function lighthouse(url: string): LighthouseRun | { ok: false; why: string } {
  // Lighthouse here now and then fails to record the trace (NO_NAVSTART); it asks to be run again.
  let run = runLighthouse(url);
  for (let retry = 0; !run.ok && retry < 2; retry++) run = runLighthouse(url);
  if (!run.ok) return run;
  const { report } = run;
  const audit = (id: string) => Number(report.audits[id]?.numericValue ?? NaN);
  return {
    ok: true,
    perf: categoryScore(report, 'performance'),
    a11y: categoryScore(report, 'accessibility'),
    bp: categoryScore(report, 'best-practices'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
  };
}
