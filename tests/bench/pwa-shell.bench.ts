// Figures: the login route's initial JavaScript and CSS (gzipped), time to the shell from
// the service worker cache offline, and Lighthouse on the landing and login pages.
//   npm run build && npx tsx tests/bench/pwa-shell.bench.ts
import { categoryScore, runLighthouse } from './lighthouse';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage, PHONE } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';

type Chunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(`dist/${file}`)).length;

/** Files a page needs before it can show: the entry, the app root, their static imports, and the named lazy screens. */
function routeFiles(lazyKeys: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  // The entry loads the app (and its stylesheet) with a dynamic import, so it is part of every route.
  visit('src/app/root.tsx');
  lazyKeys.forEach(visit);
  return { js: [...js], css: [...css] };
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
for (const [name, keys] of [
  ['login route', ['src/features/auth/login-screen.tsx']],
  ['landing route', ['src/features/landing/landing-screen.tsx']],
  ['signed-in shell', ['src/app/shell/app-layout.tsx']],
] as const) {
  const { js, css } = routeFiles([...keys]);
  const jsGz = js.reduce((s, f) => s + gz(f), 0);
  const cssGz = css.reduce((s, f) => s + gz(f), 0);
  console.log(`${name}: JS ${kb(jsGz)} gzipped in ${js.length} files, CSS ${kb(cssGz)} gzipped`);
}

const gateway = await startGateway();
const browser = await launchBrowser();
try {
  // Time to the signed-in shell from the service worker cache, offline, on a deep link (5 runs).
  const { page, context } = await newPage(browser, { viewport: PHONE });
  await page.goto(gateway.url('/login'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByLabel(/^Email or username/).fill('demouser');
  await page.getByLabel(/^Password/).fill('demo12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
  await context.setOffline(true);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await page.goto(gateway.url('/dashboard'));
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
    times.push(Date.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `time to the shell offline (deep link, service worker cache): median ${times[2]} ms, min ${times[0]}, max ${times[4]} (runs: ${times.join(', ')})`,
  );
  await context.close();
} finally {
  await browser.close();
}

// Lighthouse (mobile emulation, simulated throttling) when it can be fetched from the registry.
for (const path of ['/', '/login']) {
  const url = gateway.url(path);
  const run = runLighthouse(url);
  if (!run.ok) {
    console.log(`lighthouse ${path}: not run (${run.why})`);
    continue;
  }
  const { report } = run;
  const score = (c: string) => categoryScore(report, c);
  const a = report.audits;
  console.log(
    `lighthouse ${path}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}; ` +
      `FCP ${a['first-contentful-paint']?.displayValue}, LCP ${a['largest-contentful-paint']?.displayValue}, TBT ${a['total-blocking-time']?.displayValue}`,
  );
  const failing = Object.values(report.categories.accessibility.auditRefs as Array<{ id: string }>)
    .map((r) => a[r.id])
    .filter((x: { score: number | null }) => x && x.score !== null && x.score < 1)
    .map((x: { id: string }) => x.id);
  if (failing.length) console.log(`  accessibility audits not passed: ${failing.join(', ')}`);
}
await gateway.stop();
if (!existsSync('dist/sw.js')) console.log('note: dist/sw.js missing');
