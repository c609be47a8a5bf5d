import { writeFileSync } from 'node:fs';
import { launchBrowser, newPage, PHONE } from './tests/e2e/support/browser';
import { startRelease } from './tests/bench/support/release-gateway';
const gw = await startRelease('this', '.', { DIST_DIR: '/tmp/dist-sm' });
const browser = await launchBrowser();
for (const run of [1]) {
  const { page, context } = await newPage(browser, { viewport: PHONE, serviceWorkers: 'block' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(gw.url('/login'));
  await page.getByLabel(/^Email or username/).fill('demouser');
  await page.getByLabel(/^Password/).fill('demo12345');
  await page.waitForTimeout(1500);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Send SMS', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Send Message' }).waitFor();
  await page.waitForFunction(() => { const b = document.querySelector('textarea'); return b !== null && !b.disabled; });
  const usable = Date.now() - t0;
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`/tmp/signin-prof.cpuprofile`, JSON.stringify(profile));
  console.log('usable', usable);
  await context.close();
}
await browser.close();
await gw.stop();
