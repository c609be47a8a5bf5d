import { describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { numbersFrom } from '../unit/support/phone-numbers';
import { serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser, type E2eWorld } from './support/e2e-setup';
import { outboxJobs } from './support/app-storage';
import { carrierSummary } from './support/carrier';
import { SendPage } from './support/pages/send-page';

const TIMEOUT = { timeout: 90_000, interval: 250 };

/** Records the page's calls of the Badging API and of the notice permission prompt (window.__calls). */
const RECORD_CALLS = () => {
  const calls: string[] = [];
  (window as unknown as { __calls: string[] }).__calls = calls;
  Object.assign(navigator, {
    setAppBadge: async (n: number) => void calls.push(`badge ${n}`),
    clearAppBadge: async () => void calls.push('badge 0'),
  });
  if (Notification.permission === 'default') {
    Notification.requestPermission = async () => {
      calls.push('asked');
      return 'default';
    };
  }
};
const recordedCalls = (page: Page) => page.evaluate(() => (window as unknown as { __calls?: string[] }).__calls ?? []);

/**
 * The service worker as the browser drives it: Chromium's DevTools protocol fires its sync event
 * and stops it, from a blank page of the app's profile (every page of the app closed).
 */
async function serviceWorkerControl(context: BrowserContext, origin: string) {
  const blank = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(blank);
  const registrations = new Map<string, string>();
  const versions: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const v of updated)
      if (v.runningStatus === 'running' && !versions.includes(v.versionId)) versions.push(v.versionId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${origin}/`), TIMEOUT).toBeTruthy();
  const registrationId = registrations.get(`${origin}/`)!;
  return {
    sync: (lastChance = false) =>
      cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'outbox', lastChance }),
    /** Stops the worker mid-event, as the browser does when a sync event's time runs out. */
    stop: () => cdp.send('ServiceWorker.stopAllWorkers'),
    close: () => blank.close(),
  };
}

/** What the app's service workers print from now on (how each background drain ended), for a failure's message. */
function hearServiceWorker(context: BrowserContext): string[] {
  const said: string[] = [];
  const hear = (worker: Worker) => worker.on('console', (message) => said.push(message.text()));
  context.serviceWorkers().forEach(hear);
  context.on('serviceworker', hear);
  return said;
}

/** The notices the app's service worker shows now ("title: body"), asked of the worker itself. */
async function workerNotices(context: BrowserContext): Promise<string[]> {
  const [worker] = context.serviceWorkers();
  if (!worker) return [];
  type Shown = { title: string; body: string };
  type WorkerScope = { registration: { getNotifications(): Promise<Shown[]> } };
  return worker
    .evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => `${n.title}: ${n.body}`),
    )
    .catch(() => []);
}

/** Queues a send while offline, then closes every page of the app: only the service worker is left. */
async function queueOfflineAndClose(world: E2eWorld, count: number, text: string, first = 1, notices = false) {
  const { page, context, send } = await world.openSignedIn(notices ? { permissions: ['notifications'] } : {});
  await serviceWorkerControls(page);
  await context.setOffline(true);
  await send.queueQuickSend(numbersFrom(first, count), text);
  await expect.poll(() => send.jobState.textContent(), TIMEOUT).toMatch(/Saved: sends when you are back online/);
  const [job] = await outboxJobs(page);
  return { page, context, send, job: job! };
}

describe('sending with the app closed (Background Sync), in Chromium against the real gateway', () => {
  describe('a short send', () => {
    const world = useGatewayAndBrowser({ chromium: 'full' });

    it('queued offline, every page closed, the network back: each recipient gets its text once, a notice says so, and the app shows it done', async () => {
      const { page, context, job } = await queueOfflineAndClose(world, 250, 'Closed app hello', 1, true);
      const workerSaid = hearServiceWorker(context);
      await context.addInitScript(RECORD_CALLS);
      await page.reload();
      await expect
        .poll(() => page.getByTestId('job-offline-hint').textContent(), TIMEOUT)
        .toBe('It goes out by itself when the phone is back online, even with the app closed.');
      await expect.poll(() => recordedCalls(page), TIMEOUT).toContain('badge 1');
      const origin = new URL(world.gateway.url('/')).origin;
      await page.close();

      const worker = await serviceWorkerControl(context, origin);
      await context.setOffline(false);
      await worker.sync();
      await expect
        .poll(() => carrierSummary(world.gateway, job.id), TIMEOUT)
        .toEqual({ total: 250, unique: 250, duplicates: 0 });

      // The worker shows its notice once its drain has stopped, after it marked the job done: read
      // while every page is still closed, as the person sees it in the phone's notification shade.
      await expect
        .poll(() => workerNotices(context), TIMEOUT)
        .toEqual(['Your queued send went out: Closed app hello: Sent to 250 recipients'])
        .catch((error: Error) => {
          throw new Error(`${error.message}\nThe service worker said: ${workerSaid.join(' | ') || 'nothing'}`);
        });

      const reopened = await context.newPage();
      const again = new SendPage(reopened);
      await reopened.goto(world.gateway.url('/'));
      await again.heading.waitFor();
      await expect.poll(async () => (await outboxJobs(reopened))[0]?.state, TIMEOUT).toBe('done');
      await expect.poll(() => again.jobState.textContent(), TIMEOUT).toBe('Sent to 250 recipients');
      await expect.poll(async () => (await recordedCalls(reopened)).at(-1), TIMEOUT).toBe('badge 0');
      await worker.close();
      await context.close();
    }, 180_000);

    it('asks about notices once, after the first send queued offline, never on load', async () => {
      const { page, context, send } = await world.openSignedIn();
      await serviceWorkerControls(page);
      await context.addInitScript(RECORD_CALLS);
      await page.reload();
      await send.heading.waitFor();
      expect(await recordedCalls(page)).not.toContain('asked');

      await context.setOffline(true);
      await send.queueQuickSend(numbersFrom(5_000, 2), 'Ask once');
      await expect.poll(() => recordedCalls(page), TIMEOUT).toContain('asked');
      // The sender ID stays chosen after a send.
      await send.numbers.fill(numbersFrom(5_100, 2).join('\n'));
      await send.message.fill('Ask once more');
      await send.submit();
      await expect.poll(async () => (await outboxJobs(page)).length, TIMEOUT).toBe(2);
      expect((await recordedCalls(page)).filter((c) => c === 'asked')).toHaveLength(1);
      await context.close();
    });
  });

  describe('a long send', () => {
    // A small body limit sends 1,000 recipients in 10 batches of 100, 2 s apart.
    const world = useGatewayAndBrowser({ env: { MAX_BODY_BYTES: String(8 * 1024) }, chromium: 'full' });

    it('cut short mid-send (the worker stopped), resumes from its stored progress with the next sync: none twice', async () => {
      const { page, context, job } = await queueOfflineAndClose(world, 1000, 'Cut short hello', 20_000);
      const origin = new URL(world.gateway.url('/')).origin;
      await page.close();

      const worker = await serviceWorkerControl(context, origin);
      await context.setOffline(false);
      await worker.sync();
      await expect
        .poll(async () => (await carrierSummary(world.gateway, job.id)).total, TIMEOUT)
        .toBeGreaterThanOrEqual(300);
      await worker.stop();
      const cut = await carrierSummary(world.gateway, job.id);
      expect(cut.total).toBeLessThan(1000);

      await worker.sync();
      await expect
        .poll(() => carrierSummary(world.gateway, job.id), { timeout: 120_000, interval: 500 })
        .toEqual({ total: 1000, unique: 1000, duplicates: 0 });
      await worker.close();
      await context.close();
    }, 240_000);

    it('a page open when the sync fires: the page sends, the worker leaves it to the page, none twice', async () => {
      const { page, context, send } = await world.openSignedIn();
      await serviceWorkerControls(page);
      const origin = new URL(world.gateway.url('/')).origin;
      const worker = await serviceWorkerControl(context, origin);
      await send.queueQuickSend(numbersFrom(40_000, 1000), 'Race hello');
      await worker.sync();
      const [job] = await outboxJobs(page);
      await expect
        .poll(async () => (await outboxJobs(page))[0]?.state, { timeout: 120_000, interval: 500 })
        .toBe('done');
      await expect
        .poll(() => carrierSummary(world.gateway, job!.id), TIMEOUT)
        .toEqual({
          total: 1000,
          unique: 1000,
          duplicates: 0,
        });
      await worker.close();
      await context.close();
    }, 240_000);
  });
});
