import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startGateway, type RunningGateway } from './support/gateway';
import { outboxJobs } from './support/pages/send-page';
import { OutboxPage, carrierSummary, numbersFrom, serviceWorkerControls } from './support/pages/outbox-page';

const TIMEOUT = { timeout: 60_000, interval: 250 };

describe('the outbox in Chromium, against the real gateway', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  describe('offline', () => {
    let gateway: RunningGateway;
    let context: BrowserContext | undefined;
    beforeAll(async () => {
      gateway = await startGateway();
    });
    afterEach(() => context?.close());
    afterAll(() => gateway?.stop());

    it('queues a send offline, keeps it through an offline reload, and sends every recipient once when back online', async () => {
      const opened = await newPage(browser);
      context = opened.context;
      const send = new OutboxPage(opened.page);
      await send.signIn(gateway.url('/login'));
      await serviceWorkerControls(opened.page);

      await context.setOffline(true);
      const numbers = numbersFrom(1, 250);
      await send.queueQuickSend(numbers, 'Offline hello');
      await expect.poll(() => send.jobState.textContent(), TIMEOUT).toMatch(/Saved: sends when you are back online/);

      await opened.page.reload();
      await send.heading.waitFor();
      await expect
        .poll(() => send.jobState.textContent(), TIMEOUT)
        .toMatch(/Saved: sends when you are back online \(250 recipients\)/);
      const [queued] = await outboxJobs(opened.page);
      expect(queued).toMatchObject({ state: 'queued', total: 250, sent: 0 });

      await context.setOffline(false);
      await expect.poll(async () => (await outboxJobs(opened.page))[0]?.state, TIMEOUT).toBe('done');
      await expect
        .poll(() => carrierSummary(context!, gateway, queued!.id), TIMEOUT)
        .toEqual({ total: 250, unique: 250, duplicates: 0 });
    });
  });

  describe('two tabs', () => {
    let gateway: RunningGateway;
    let context: BrowserContext | undefined;
    beforeAll(async () => {
      // A small body limit sends 1,000 recipients in 10 batches of 100, 2 s apart.
      gateway = await startGateway({ MAX_BODY_BYTES: String(8 * 1024) });
    });
    afterEach(() => context?.close());
    afterAll(() => gateway?.stop());

    it('hands the send to the other tab when the draining tab closes mid-send: every recipient once', async () => {
      const opened = await newPage(browser);
      context = opened.context;
      const first = new OutboxPage(opened.page);
      await first.signIn(gateway.url('/login'));
      await expect.poll(() => first.locks(), TIMEOUT).toEqual({ held: 1, pending: 0 });

      const secondPage = await context.newPage();
      const second = new OutboxPage(secondPage);
      await secondPage.goto(gateway.url('/'));
      await second.heading.waitFor();
      await expect.poll(() => second.locks(), TIMEOUT).toEqual({ held: 1, pending: 1 });

      const numbers = numbersFrom(10_000, 1000);
      await second.queueQuickSend(numbers, 'Two tabs hello');
      await expect.poll(async () => (await outboxJobs(secondPage))[0]?.sent ?? 0, TIMEOUT).toBeGreaterThanOrEqual(300);
      const [job] = await outboxJobs(secondPage);
      expect(job!.split).toBe(true);

      await opened.page.close();
      await expect.poll(() => second.locks(), TIMEOUT).toEqual({ held: 1, pending: 0 });
      await expect
        .poll(async () => (await outboxJobs(secondPage))[0]?.state, { timeout: 80_000, interval: 500 })
        .toBe('done');
      await expect
        .poll(() => carrierSummary(context!, gateway, job!.id), TIMEOUT)
        .toEqual({ total: 1000, unique: 1000, duplicates: 0 });
    }, 150_000);
  });
});
