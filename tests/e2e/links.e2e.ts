// Branded short links and follow-ups in the browser (docs/product.md#short-links, docs/product.md#follow-up):
// a 200-recipient send with a shortened link gives each recipient its own code on the tenant's host
// (read from the dev inbox); 30 of them opened (and a HEAD and a previewer on others) show 30 clicks
// and 30 unique clickers on the report, its chart and the rows; "Send to those who did not" opens the
// send form with the 170 others and sends; at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './support/browser';
import { carrierMessagesOfJob, eventually } from './support/carrier';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { outboxJobs } from './support/app-storage';

const SCREENS = join('test-results', 'screens');
const LONG_URL = `https://shop.example.com/black-friday?utm_source=sms&utm_campaign=${'november'.repeat(8)}`;
const TEXT = `Black Friday at Demo Traders: 30% off everything today only. Shop now: ${LONG_URL}`;
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; TECNO KI7) AppleWebKit/537.36 Chrome/119.0 Mobile Safari/537.36';
const numberOf = (i: number) => `23324${String(700_000 + i).padStart(6, '0')}0`;
const NUMBERS = Array.from({ length: 200 }, (_, i) => numberOf(i));

/** A screenshot at 1280 and at 390 px, checking nothing spills sideways on the phone. */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENS, `${name}-390.png`), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

describe('short links', () => {
  const world = useGatewayAndBrowser();

  it('gives each of 200 recipients its own short link, counts 30 people, and follows up on the 170 others', async () => {
    const { page, context, send } = await world.openSignedIn({ serviceWorkers: 'block' });
    // The long URL's own site is not on this machine: the browser is answered here.
    await context.route('https://shop.example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Black Friday</h1>' }),
    );
    await send.choose('Sender ID', 'DEMO');
    await send.field('Campaign name (optional)').fill('Black Friday links');
    await send.numbers.fill(NUMBERS.join('\n'));
    await send.message.fill(TEXT);
    await expect.poll(() => send.recipientCount.textContent()).toBe('200 recipients');
    // The long link makes two parts; shortened, the text fits one: the price follows the short link.
    await expect.poll(() => page.getByTestId('send-cost').textContent()).toContain('400 SMS credits');
    await page.getByRole('checkbox', { name: 'Shorten links and count clicks' }).check();
    await expect.poll(() => page.getByTestId('send-cost').textContent()).toContain('200 SMS credits');
    await shoot(page, 'links-send-form');
    await send.submit();
    await send.confirmSend();
    await send.shell.alert('Messages sent successfully').waitFor({ timeout: 40_000 });

    // Each recipient's own code on the tenant's host, in the dev inbox.
    const [job] = await outboxJobs(page);
    const inbox = await eventually(
      () => carrierMessagesOfJob(world.gateway, job!.id),
      (messages) => messages.length === 200 && messages.every((m) => m.status === 'SENT'),
      30_000,
      'the 200 texts delivered',
    );
    const codes = new Map<string, string>();
    for (const m of inbox) {
      const match = /Shop now: https:\/\/localhost\/l\/([A-Za-z0-9]{7})$/.exec(m.text);
      expect(match, m.text).not.toBeNull();
      codes.set(m.to, match![1]!);
    }
    expect(new Set(codes.values()).size).toBe(200);

    // Clicks within a second of the delivery report are a phone's previewer, not a person: the status
    // page shows the 200 delivered, and the clicks come a second after that.
    await page.goto(world.gateway.url('/dashboard'));
    await page.getByText('Black Friday links').first().click();
    await page.getByRole('heading', { name: 'Message status' }).waitFor();
    await expect.poll(() => page.getByTestId('total-sent').textContent(), { timeout: 30_000 }).toBe('200');
    const deliveredSeen = Date.now();
    await expect.poll(() => Date.now() - deliveredSeen, { timeout: 5_000 }).toBeGreaterThanOrEqual(1_000);
    const opened = NUMBERS.slice(0, 30);
    for (const number of opened) {
      const res = await fetch(world.gateway.url(`/l/${codes.get(number)!}`), {
        redirect: 'manual',
        headers: { 'user-agent': ANDROID },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(LONG_URL);
    }
    const head = await fetch(world.gateway.url(`/l/${codes.get(NUMBERS[40]!)!}`), {
      method: 'HEAD',
      redirect: 'manual',
    });
    expect(head.status).toBe(302);
    const preview = await fetch(world.gateway.url(`/l/${codes.get(NUMBERS[41]!)!}`), {
      redirect: 'manual',
      headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' },
    });
    expect(preview.status).toBe(302);

    // The report: 30 clicks, 30 unique clickers, 15%, a chart over time, each row's clicks. The gateway
    // writes a click just after its redirect: a report read before the last one landed is read again.
    const clicks = page.getByTestId('clicks-text');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Message status' }).waitFor();
          await clicks.waitFor();
          return clicks.textContent();
        },
        { timeout: 20_000 },
      )
      .toBe('Clicks: 30Unique clickers: 30Click rate: 15% of 200 recipients');
    expect(await page.getByTestId('clicks-network').textContent()).toContain('MTN303015%');
    await page.getByTestId('clicks-time-text').waitFor();
    await page.getByRole('figure', { name: 'Clicks over time' }).locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('row-clicks').first().waitFor();
    expect(await page.getByTestId('row-clicks').first().textContent()).toBe('Clicked once');
    await shoot(page, 'links-report');

    // Follow up: the send form opens with the 170 who did not click, and sends to them.
    await page.getByRole('button', { name: 'Send to those who did not' }).click();
    await send.heading.waitFor();
    await expect.poll(() => send.recipientCount.textContent()).toBe('170 recipients');
    expect(await send.numbers.inputValue()).not.toContain(opened[0]!);
    // The follow-up keeps the send's own sender ID.
    expect(await send.selectValue('Sender ID')).toBe('DEMO');
    await send.message.fill('Last day of Black Friday at Demo Traders: 30% off until 8pm.');
    await shoot(page, 'links-follow-up');
    await send.submit();
    await send.confirmSend();
    await send.shell.alert('Messages sent successfully').waitFor({ timeout: 40_000 });
    const jobs = await outboxJobs(page);
    const followUp = jobs.find((j) => j.id !== job!.id)!;
    const reached = await eventually(
      () => carrierMessagesOfJob(world.gateway, followUp.id),
      (messages) => messages.length === 170,
      30_000,
      'the follow-up delivered',
    );
    expect(new Set(reached.map((m) => m.to))).toEqual(new Set(NUMBERS.slice(30)));
    await context.close();
  });
});
