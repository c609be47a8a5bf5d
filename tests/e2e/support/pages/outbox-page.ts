import type { BrowserContext, Page } from 'playwright-core';
import type { RunningGateway } from '../gateway';
import { SendPage } from './send-page';

export const numbersFrom = (start: number, n: number) =>
  Array.from({ length: n }, (_, i) => `23324${String(start + i).padStart(7, '0')}`);

/** The send form driven for outbox tests: a quick regular send to pasted numbers from DEMO. */
export class OutboxPage extends SendPage {
  async queueQuickSend(numbers: readonly string[], text: string) {
    await this.choose('Sender ID', 'DEMO');
    await this.numbers.fill(numbers.join('\n'));
    await this.message.fill(text);
    await this.submitButton.click();
  }

  /** The origin-wide drainer lock as the browser reports it: who holds it, how many wait. */
  locks() {
    return this.page.evaluate(async () => {
      const state = await navigator.locks.query();
      const mine = (l: { name?: string }) => l.name === 'outbox-drainer';
      return { held: (state.held ?? []).filter(mine).length, pending: (state.pending ?? []).filter(mine).length };
    });
  }
}

export const serviceWorkerControls = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/** How often each recipient of a job reached the simulated carrier (dev endpoint). */
export async function carrierSummary(context: BrowserContext, gateway: RunningGateway, jobId: string) {
  const res = await context.request.get(gateway.url(`/smsgateway/dev/carrier/summary?jobId=${jobId}`));
  return (await res.json()) as { total: number; unique: number; duplicates: number };
}
