// Figures: what each main screen costs left open and untouched for 10 s, signed in as the demo client
// (whose dashboard has a send still pending, so its list looks again every 5 s): what an open app costs
// a cheap phone's battery while nobody uses it. Two views of the same 10 s:
// - the renderer main thread's own counters (DevTools Performance metrics): tasks, script, style, layout;
// - the CPU time of every Chromium process (utime + stime from /proc: browser, renderers, GPU, network,
//   utilities), which also holds what the main thread's counters miss: compositing, raster, animations
//   run off the main thread, the service worker, the network; and the gateway's, for the requests made.
// Also the requests made while idle and the animations still running at the end (document.getAnimations).
// Each screen's window starts after a forced garbage collection, so the previous screen's clean-up is not
// counted as this one's; the sign-in's own work (service worker precache, start-up syncs) is let finish.
//   npm run build && npx tsx tests/bench/idle-screens.bench.ts [shell|full] [dist dir ...]
// Both Chromiums when not told; with dist dirs (another build's dist/, e.g. the base commit's), each
// build is measured in turn in the same run, for figures before and after a change on the same load.
import { setTimeout as wait } from 'node:timers/promises';
import { launchBrowser, newPage, type ChromiumKind } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { LoginPage } from '../e2e/support/pages/login-page';
import { childrenOf, cpuByKind, processTree } from './support/process-cpu';

// IDLE_SCREENS=/dashboard,/dashboard measures only those (a screen twice: its windows one after the other).
const SCREENS = process.env.IDLE_SCREENS?.split(',') ?? [
  '/',
  '/dashboard',
  '/scheduledsms',
  '/phonebook',
  '/optouts',
  '/profile',
  '/developers',
];
const SETTLE_MS = 3000;
const IDLE_MS = 10_000;
const COUNTERS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'] as const;
const SIGN_IN_SETTLE_MS = 10_000;
const kindGiven = process.argv[2];
const kindArg: ChromiumKind[] | null = kindGiven === 'shell' || kindGiven === 'full' ? [kindGiven] : null;
const KINDS: ChromiumKind[] = kindArg ?? ['shell', 'full'];
const DISTS: (string | undefined)[] = process.argv.slice(kindArg ? 3 : 2);
if (DISTS.length === 0) DISTS.push(undefined);

for (const kind of KINDS) {
  for (const dist of DISTS) {
    const gateway = await startGateway(dist ? { DIST_DIR: dist } : {});
    try {
      await run(kind, gateway, dist ?? 'dist');
    } finally {
      await gateway.stop();
    }
  }
}

async function run(kind: ChromiumKind, gateway: Awaited<ReturnType<typeof startGateway>>, dist: string) {
  const [gatewayPid] = childrenOf((cmd) => cmd.includes('gateway.mjs'));
  const known = new Set(childrenOf(() => true));
  const browser = await launchBrowser(kind);
  const [chromiumPid] = childrenOf(() => true).filter((pid) => !known.has(pid));
  console.log(`\n${kind === 'shell' ? 'chromium-headless-shell' : 'chromium'}, ${dist}:`);
  try {
    const { page, context } = await newPage(browser);
    await new LoginPage(page).signIn(gateway.url('/login'));
    await wait(SIGN_IN_SETTLE_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const counters = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const byName = new Map(metrics.map((m) => [m.name, m.value]));
      return COUNTERS.map((name) => byName.get(name) ?? 0);
    };
    let requests: string[] = [];
    context.on('request', (r) => requests.push(new URL(r.url()).pathname));
    // Blank first: what Chromium itself costs, doing nothing.
    for (const path of ['about:blank', ...SCREENS]) {
      await page.goto(path.startsWith('/') ? gateway.url(path) : path);
      await wait(SETTLE_MS);
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await counters();
      const treeBefore = processTree(chromiumPid!);
      const gatewayBefore = processTree(gatewayPid!);
      requests = [];
      await wait(IDLE_MS);
      const after = await counters();
      const byKind = cpuByKind(treeBefore, processTree(chromiumPid!));
      const gatewayMs = [...cpuByKind(gatewayBefore, processTree(gatewayPid!)).values()].reduce((a, b) => a + b, 0);
      const ms = after.map((v, i) => Math.round((v - before[i]!) * 1000));
      const total = [...byKind.values()].reduce((a, b) => a + b, 0);
      const parts = [...byKind]
        .filter(([, v]) => v > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      const animations = await page.evaluate(() =>
        document.getAnimations().map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          const name = (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? a.id;
          const where =
            target instanceof Element ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '';
          return `${name} on ${where} (${a.playState})`;
        }),
      );
      const counted = new Map<string, number>();
      for (const r of requests) counted.set(r, (counted.get(r) ?? 0) + 1);
      console.log(
        `${path.padEnd(13)} idle ${IDLE_MS / 1000} s: main thread tasks ${ms[0]} ms, script ${ms[1]} ms, style ${ms[2]} ms, layout ${ms[3]} ms;` +
          ` all Chromium processes ${total} ms (${parts}); gateway ${gatewayMs} ms;` +
          ` requests ${requests.length}${counted.size ? ` (${[...counted].map(([u, n]) => `${u} x${n}`).join(', ')})` : ''};` +
          ` animations running ${animations.length}${animations.length ? ` (${animations.join('; ')})` : ''}`,
      );
    }
  } finally {
    await browser.close();
  }
}
