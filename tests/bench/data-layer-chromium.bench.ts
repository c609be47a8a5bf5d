// The data layer in Debian's Chromium against the real gateway: enqueue 100,000, read 100,000 list
// rows, and the gap between batches from a drainer in the page and in a dedicated worker.
// Headless Chromium never reports a page hidden (a second tab, a minimised window, ozone headful
// were tried), so the hidden-tab pace cannot be measured here; the bench prints what the page says.
// Run: npx tsx tests/bench/data-layer-chromium.bench.ts   (needs dist/: npm run build)
import { build } from 'vite';
import { resolve } from 'node:path';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';

const N = 100_000;
const here = import.meta.dirname;

async function bundle(entry: string): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: true,
      lib: { entry: resolve(here, entry), formats: ['iife'], name: 'bench', fileName: 'bench' },
    },
  });
  const result = (Array.isArray(out) ? out[0] : out) as { output: { code?: string }[] };
  return result.output[0]!.code!;
}

const [pageJs, workerJs] = await Promise.all([bundle('browser/bench-page.ts'), bundle('browser/bench-worker.ts')]);
const gateway = await startGateway();
const browser = await launchBrowser();
try {
  const { context, page } = await newPage(browser);
  await context.route('**/bench/index.html', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>bench</title><script src="/bench/page.js"></script>',
    }),
  );
  await context.route('**/bench/page.js', (r) => r.fulfill({ contentType: 'text/javascript', body: pageJs }));
  await context.route('**/bench/worker.js', (r) => r.fulfill({ contentType: 'text/javascript', body: workerJs }));
  await page.goto(gateway.url('/bench/index.html'));
  await page.waitForFunction(() => 'dataBench' in window);
  // The page's bench object (bench-page.ts); its methods run in Chromium.
  type DrainResult = { visibility: string; gaps: number[] };
  const bench = (name: string, ...args: unknown[]) =>
    page.evaluate(
      ([n, a]) =>
        (window as unknown as Record<string, Record<string, (...x: unknown[]) => Promise<unknown>>>).dataBench![
          n as string
        ]!(...(a as unknown[])),
      [name, args] as const,
    );

  await bench('signIn', 'demouser', 'demo12345');
  const enq = (await bench('enqueue', N)) as { ms: number; batches: number };
  console.log(
    `Chromium: enqueue ${N.toLocaleString()} personalised messages: ${enq.ms} ms (${enq.batches} batch records)`,
  );
  const rows = (await bench('rows', N)) as Record<string, number>;
  console.log(
    `Chromium: ${N.toLocaleString()} list rows: store ${rows.store} ms, read all newest first ${rows.readAll} ms, newest 20 ${rows.first20} ms, ` +
      `search all ${rows.searchAll} ms, search first 20 ${rows.search20} ms`,
  );

  let from = 0;
  for (const mode of ['page', 'worker'] as const) {
    const run = (await bench('drain', mode, 1000, (from += 1000))) as DrainResult;
    console.log(
      `Chromium ${run.visibility} tab, drainer in ${mode}: gaps between 10 batches ${run.gaps.join(', ')} ms`,
    );
  }
} finally {
  await browser.close();
  await gateway.stop();
}
