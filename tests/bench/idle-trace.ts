// What an idle screen's CPU is made of: a browser-wide Chromium trace of 10 s untouched on each screen,
// summed by process and thread (top-level tasks) and, within them, by what ran (timers, functions, GC,
// frames, IndexedDB). A diagnosis to read beside idle-screens.bench.ts, not a figure to track.
//   npm run build && npx tsx tests/bench/idle-trace.ts [shell|full] [/path ...]
import { setTimeout as wait } from 'node:timers/promises';
import { launchBrowser, newPage, type ChromiumKind } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { LoginPage } from '../e2e/support/pages/login-page';

const kind = (process.argv[2] ?? 'shell') as ChromiumKind;
const screens =
  process.argv.length > 3
    ? process.argv.slice(3)
    : ['/', '/dashboard', '/scheduledsms', '/phonebook', '/profile', '/developers'];
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'blink',
  'cc',
  'viz',
  'gpu',
  'loading',
  'IndexedDB',
  'ServiceWorker',
  'renderer.scheduler',
  '__metadata',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, any>;
}

const gateway = await startGateway();
const browser = await launchBrowser(kind);
try {
  const { page, context } = await newPage(browser);
  const cdp = await context.newCDPSession(page);
  await new LoginPage(page).signIn(gateway.url('/login'));
  await wait(10_000); // the service worker's precache and the sign-in's sync, out of the way
  for (const path of screens) {
    await page.goto(path.startsWith('/') ? gateway.url(path) : path);
    await wait(3000);
    await cdp.send('HeapProfiler.collectGarbage'); // as the bench does: the previous screen's clean-up is not this one's
    await browser.startTracing(undefined, { categories: CATEGORIES });
    await wait(10_000);
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    summarize(path, traceEvents);
  }
} finally {
  await browser.close();
  await gateway.stop();
}

function summarize(path: string, events: TraceEvent[]) {
  const processName = new Map<number, string>();
  const threadName = new Map<string, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    if (e.name === 'process_name') processName.set(e.pid, e.args?.name);
    if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name);
  }
  const where = (e: TraceEvent) => `${processName.get(e.pid) ?? e.pid}/${threadName.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
  // Top-level tasks by thread (thread time where known: CPU, not waiting).
  const byThread = new Map<string, { n: number; us: number }>();
  const byName = new Map<string, { n: number; us: number }>();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const us = e.tdur ?? e.dur ?? 0;
    if (e.cat.includes('toplevel')) {
      const k = where(e);
      const s = byThread.get(k) ?? { n: 0, us: 0 };
      byThread.set(k, { n: s.n + 1, us: s.us + us });
    } else {
      let label = e.name;
      const d = e.args?.data;
      if (d?.url) label += ` ${String(d.url).split('/').pop()}`;
      if (d?.functionName) label += ` ${d.functionName}`;
      if (d?.timerId !== undefined && e.name === 'TimerFire') label += ` #${d.timerId}`;
      const k = `${where(e)} ${label}`;
      const s = byName.get(k) ?? { n: 0, us: 0 };
      byName.set(k, { n: s.n + 1, us: s.us + us });
    }
  }
  // Timers installed while idle, by where they were installed from.
  const installs = events.filter((e) => e.name === 'TimerInstall').map((e) => e.args?.data);
  const fmt = ([k, s]: [string, { n: number; us: number }]) =>
    `  ${(s.us / 1000).toFixed(1).padStart(7)} ms ${String(s.n).padStart(5)}x ${k}`;
  console.log(`\n== ${path} (${kind})`);
  console.log(' threads (top-level tasks):');
  for (const row of [...byThread].sort((a, b) => b[1].us - a[1].us).slice(0, 12)) console.log(fmt(row));
  console.log(' events:');
  for (const row of [...byName].sort((a, b) => b[1].us - a[1].us).slice(0, 25)) console.log(fmt(row));
  const frames = events.filter((e) => e.name === 'BeginFrame' || e.name === 'DrawFrame' || e.name === 'Commit');
  console.log(
    ` frames: ${frames.filter((e) => e.name === 'BeginFrame').length} BeginFrame, ${frames.filter((e) => e.name === 'DrawFrame').length} DrawFrame, ${frames.filter((e) => e.name === 'Commit').length} Commit`,
  );
  console.log(
    ` timers installed: ${installs
      .map(
        (d) =>
          `${d?.timeout}ms${d?.singleShot ? '' : ' repeating'} ${d?.stackTrace?.[0]?.functionName ?? ''}@${String(
            d?.stackTrace?.[0]?.url ?? '',
          )
            .split('/')
            .pop()}:${d?.stackTrace?.[0]?.lineNumber ?? ''}`,
      )
      .join(', ')}`,
  );
}
