// From pressing Login to a usable Send SMS form, on a first visit: the password check (production's
// scrypt cost) and then the signed-in screens' code. A person types the name and password first, at
// about 8 characters a second, as a person does; the code the app fetches meanwhile is what this measures.
//   npm run bench -- login-to-send          (LOGIN_BENCH_RUNS=5 for more runs)
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from '../e2e/support/browser';
import { startGateway } from '../e2e/support/gateway';
import { stats } from './bench-stats';

const RUNS = Number(process.env.LOGIN_BENCH_RUNS ?? 3);
const TYPING_DELAY_MS = 120;
// Lighthouse's mobile preset: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower.
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };
const LOGIN_PATH = '/smsgateway/api/frontend/login';

/** The form takes a message: its heading, the message box and the submit button are there and enabled. */
async function sendFormUsable(page: Page) {
  await page.getByRole('heading', { name: 'Send SMS', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Send Message' }).waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea');
    return box !== null && !box.disabled;
  });
}

async function once(browser: Browser, url: string, throttled: boolean) {
  const { page, context } = await newPage(browser, { viewport: PHONE });
  const cdp = await context.newCDPSession(page);
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(url);
  const name = page.getByLabel(/^Email or username/);
  await name.waitFor();
  // The page has taken the form over (hydrated) before the person starts typing.
  await page.waitForFunction(() => {
    const input = document.querySelector('input[name="emailusername"]');
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
  });
  await name.click();
  await page.keyboard.type('demouser', { delay: TYPING_DELAY_MS });
  await page.getByLabel(/^Password/).click();
  await page.keyboard.type('demo12345', { delay: TYPING_DELAY_MS });
  const scripts: string[] = [];
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script' && !request.serviceWorker()) scripts.push(new URL(request.url()).pathname);
  };
  const t0 = Date.now();
  page.on('request', onRequest);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === LOGIN_PATH).then(() => Date.now());
  await page.getByRole('button', { name: 'Login' }).click();
  await sendFormUsable(page);
  const usable = Date.now();
  page.off('request', onRequest);
  const answer = await answered;
  await context.close();
  return { total: usable - t0, afterAnswer: usable - answer, password: answer - t0, scripts };
}

const gateway = await startGateway({ SCRYPT_COST: '131072' });
const browser = await launchBrowser();
try {
  const url = gateway.url('/login');
  for (const [how, throttled] of [
    ['unthrottled', false],
    ['phone (150 ms RTT, 1.6 Mbit/s, CPU x4)', true],
  ] as const) {
    const runs: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(browser, url, throttled));
    const show = (key: 'total' | 'afterAnswer' | 'password') =>
      `median ${stats(runs.map((r) => r[key])).median} ms (${runs.map((r) => r[key]).join(', ')})`;
    console.log(`\n${how}, ${RUNS} first visits`);
    console.log(`  Login pressed to a usable send form: ${show('total')}`);
    console.log(`    the password check (login's answer): ${show('password')}`);
    console.log(`    from the answer to a usable form: ${show('afterAnswer')}`);
    const fetched = runs.at(-1)!.scripts;
    console.log(`  scripts fetched after Login was pressed: ${fetched.length} ${fetched.join(', ')}`);
  }
} finally {
  await browser.close();
  await gateway.stop();
}
