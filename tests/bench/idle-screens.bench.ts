// Figures: the main thread's work of each main screen left open and untouched for 10 s, signed in as
// the demo client (whose dashboard has a send still pending, so its list looks again every 5 s): what
// an open app costs a cheap phone's battery while nobody uses it. Chromium's own counters (DevTools
// Performance metrics): tasks, script, style and layout, in ms over the 10 s.
//   npm run build && npx tsx tests/bench/idle-screens.bench.ts
import { setTimeout as wait } from 'node:timers/promises';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { LoginPage } from '../e2e/support/pages/login-page';

const SCREENS = ['/', '/dashboard', '/scheduledsms', '/phonebook', '/optouts', '/profile', '/developers'];
const SETTLE_MS = 3000;
const IDLE_MS = 10_000;
const COUNTERS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'] as const;

const gateway = await startGateway();
const browser = await launchBrowser();
try {
  const { page, context } = await newPage(browser);
  await new LoginPage(page).signIn(gateway.url('/login'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const counters = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const byName = new Map(metrics.map((m) => [m.name, m.value]));
    return COUNTERS.map((name) => byName.get(name) ?? 0);
  };
  for (const path of SCREENS) {
    await page.goto(gateway.url(path));
    await wait(SETTLE_MS);
    const before = await counters();
    await wait(IDLE_MS);
    const after = await counters();
    const ms = after.map((v, i) => Math.round((v - before[i]!) * 1000));
    console.log(
      `${path.padEnd(12)} idle ${IDLE_MS / 1000} s: tasks ${ms[0]} ms, script ${ms[1]} ms, style ${ms[2]} ms, layout ${ms[3]} ms`,
    );
  }
} finally {
  await browser.close();
  await gateway.stop();
}
