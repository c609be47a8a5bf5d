import { describe, expect, it } from 'vitest';
import { numbersFrom } from '../unit/support/phone-numbers';
import { serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { outboxJobs } from './support/app-storage';
import { carrierSummary } from './support/carrier';
import { SendPage } from './support/pages/send-page';

const TIMEOUT = { timeout: 60_000, interval: 250 };

describe('the outbox in Chromium, against the real gateway', () => {
  describe('offline', () => {
    const world = useGatewayAndBrowser();

    it('queues a send offline, keeps it through an offline reload, and sends every recipient once when back online', async () => {
      const { page, context, send } = await world.openSignedIn();
      await serviceWorkerControls(page);

      await context.setOffline(true);
      const numbers = numbersFrom(1, 250);
      await send.queueQuickSend(numbers, 'Offline hello');
      await expect.poll(() => send.jobState.textContent(), TIMEOUT).toMatch(/Saved: sends when you are back online/);

      await page.reload();
      await send.heading.waitFor();
      // A drainer that had just claimed the job when the page reloaded leaves it 'sending' with
      // nothing sent, shown as paused; either way the whole job is kept and waits for the network.
      await expect
        .poll(() => send.jobState.textContent(), TIMEOUT)
        .toMatch(/Saved: sends when you are back online \(250 recipients\)|Paused while offline: 0 of 250 recipients/);
      const [queued] = await outboxJobs(page);
      expect(queued).toMatchObject({ total: 250, sent: 0 });
      expect(['queued', 'sending']).toContain(queued!.state);

      await context.setOffline(false);
      await expect.poll(async () => (await outboxJobs(page))[0]?.state, TIMEOUT).toBe('done');
      await expect
        .poll(() => carrierSummary(world.gateway, queued!.id), TIMEOUT)
        .toEqual({ total: 250, unique: 250, duplicates: 0 });
      await context.close();
    });
  });

  describe('two tabs', () => {
    // A small body limit sends 1,000 recipients in 10 batches of 100, 2 s apart.
    const world = useGatewayAndBrowser({ env: { MAX_BODY_BYTES: String(8 * 1024) } });

    it('hands the send to the other tab when the draining tab closes mid-send: every recipient once', async () => {
      const { page, context, send: first } = await world.openSignedIn();
      await expect.poll(() => first.drainerLocks(), TIMEOUT).toEqual({ held: 1, pending: 0 });

      const secondPage = await context.newPage();
      const second = new SendPage(secondPage);
      await secondPage.goto(world.gateway.url('/'));
      await second.heading.waitFor();
      await expect.poll(() => second.drainerLocks(), TIMEOUT).toEqual({ held: 1, pending: 1 });

      const numbers = numbersFrom(10_000, 1000);
      await second.queueQuickSend(numbers, 'Two tabs hello');
      await expect.poll(async () => (await outboxJobs(secondPage))[0]?.sent ?? 0, TIMEOUT).toBeGreaterThanOrEqual(300);
      const [job] = await outboxJobs(secondPage);
      expect(job!.split).toBe(true);

      await page.close();
      await expect.poll(() => second.drainerLocks(), TIMEOUT).toEqual({ held: 1, pending: 0 });
      await expect
        .poll(async () => (await outboxJobs(secondPage))[0]?.state, { timeout: 80_000, interval: 500 })
        .toBe('done');
      await expect
        .poll(() => carrierSummary(world.gateway, job!.id), TIMEOUT)
        .toEqual({ total: 1000, unique: 1000, duplicates: 0 });
      await context.close();
    });
  });
});
