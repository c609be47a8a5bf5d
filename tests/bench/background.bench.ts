// Figures: a 1,000-recipient send queued offline, from the network returning to its last batch
// acknowledged, with every page of the app closed (the service worker's Background Sync) and with
// the page open; the service worker's JavaScript heap during the closed-app drain.
//   npm run build && npx tsx tests/bench/background.bench.ts
import type { BrowserContext, CDPSession } from 'playwright-core';
import { numbersFrom } from '../unit/support/phone-numbers';
import { ms } from './bench-stats';
import { launchBrowser, newPage, serviceWorkerControls } from '../e2e/support/browser';
import { startGateway, type RunningGateway } from '../e2e/support/gateway';
import { carrierSummary } from '../e2e/support/carrier';
import { outboxJobs } from '../e2e/support/app-storage';
import { LoginPage } from '../e2e/support/pages/login-page';

const RECIPIENTS = 1000;
// A small body limit makes the drainer send batches of 100, 2 s apart, as a big send does.
const gateway = await startGateway({ MAX_BODY_BYTES: String(8 * 1024) });
const browser = await launchBrowser();

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const allSent = (gw: RunningGateway, jobId: string) => async () =>
  (await carrierSummary(gw, jobId)).unique === RECIPIENTS;

/** Queues the send offline in a signed-in page; answers the page, its context and the job's id. */
async function queueOffline(first: number) {
  const { page, context } = await newPage(browser);
  const send = await new LoginPage(page).signIn(gateway.url('/login'));
  await serviceWorkerControls(page);
  await context.setOffline(true);
  await send.queueQuickSend(numbersFrom(first, RECIPIENTS), 'Bench hello');
  await until(async () => (await outboxJobs(page)).length === 1);
  const [job] = await outboxJobs(page);
  return { page, context, jobId: job!.id };
}

/** The service worker's heap, read through the browser's protocol (sampled while it drains). */
async function heapSampler(browserCdp: CDPSession) {
  const { targetInfos } = (await browserCdp.send('Target.getTargets')) as {
    targetInfos: Array<{ targetId: string; type: string }>;
  };
  const worker = targetInfos.find((t) => t.type === 'service_worker');
  if (!worker) return async () => null;
  const { sessionId } = (await browserCdp.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  })) as {
    sessionId: string;
  };
  let nextId = 1;
  const waiting = new Map<number, (used: number) => void>();
  browserCdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
    if (reply.id !== undefined && reply.result) waiting.get(reply.id)?.(reply.result.usedSize);
  });
  return async () => {
    const id = nextId++;
    const used = new Promise<number>((resolve) => waiting.set(id, resolve));
    await browserCdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
    });
    return used;
  };
}

async function registrationOf(context: BrowserContext) {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

try {
  const origin = new URL(gateway.url('/')).origin;

  // The app closed: only the service worker sends, woken by the sync event.
  const closed = await queueOffline(1);
  await closed.page.close();
  const { cdp, registrationId } = await registrationOf(closed.context);
  await closed.context.setOffline(false);
  const browserCdp = await browser.newBrowserCDPSession();
  const started = Date.now();
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'outbox', lastChance: false });
  const heap = await heapSampler(browserCdp);
  const samples: number[] = [];
  const sampling = (async () => {
    while (!(await allSent(gateway, closed.jobId)())) {
      const used = await heap();
      if (used !== null) samples.push(used);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await until(allSent(gateway, closed.jobId));
  const closedMs = Date.now() - started;
  await sampling;
  await closed.context.close();

  // The page open: its own drainer (in a dedicated worker) sends when 'online' fires.
  const open = await queueOffline(100_000);
  const openStarted = Date.now();
  await open.context.setOffline(false);
  await until(allSent(gateway, open.jobId));
  const openMs = Date.now() - openStarted;
  await open.context.close();

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `${RECIPIENTS} recipients in batches of 100, 2 s apart: network back to last batch acknowledged, app closed ${ms(closedMs)}, page open ${ms(openMs)}`,
  );
  console.log(
    samples.length > 0
      ? `service worker heap during the closed-app drain: peak ${mb(Math.max(...samples))}, last ${mb(samples.at(-1)!)} (${samples.length} samples)`
      : 'service worker heap: no sample (the worker was not found by the protocol)',
  );
} finally {
  await browser.close();
  await gateway.stop();
}
