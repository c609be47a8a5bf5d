import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_VIEWPORTS } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin } from './support/api-accounts';
import { startSmtpCapture, type SmtpCapture } from '../gateway/helpers/smtp-capture';
import { AUTO_TOPUP_CARD_ONLY } from '../../src/domain/money/auto-topup';

// Card auto top-up (docs/product.md#auto-top-up) in dev mode: a purchase by mobile money offers no
// switch; after one by the simulated card the buyer turns it on, a send takes the balance under the
// level and the gateway's loop buys the 1,000 credits asked for once (GHS 29.00 at tier 20, 0.029 a
// credit, on the main domain): the balance and the statement show
// it, and its receipt with the invoice is e-mailed.

describe('auto top-up by card', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp?.close());
  const world = useGatewayAndBrowser({ env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'billing@sms.example.com' }) });

  it('is offered after a card purchase, not mobile money, and buys once when a send crosses the level', async () => {
    // Purchases and a send, not the service worker: its install is blocked in both contexts.
    const { page, context, send } = await world.openSignedIn({ serviceWorkers: 'block' });
    const card = page.getByRole('region', { name: 'Auto top-up' });
    const buy = async (button: RegExp) => {
      await send.shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
      await page.getByLabel('Amount (GHS)').fill('20');
      await page.getByRole('button', { name: 'Buy SMS credits' }).click();
      await page.waitForURL(/\/smsgateway\/pay\/[0-9a-f]{48}$/);
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL(/\/purchasesms$/);
      await send.shell.alert('Payment received: your SMS credits have been added').waitFor();
    };

    await buy(/^Pay by mobile money/);
    await card.getByText(AUTO_TOPUP_CARD_ONLY).waitFor();
    expect(await card.getByRole('switch').count()).toBe(0);

    await buy(/^Pay GHS 20\.00$/);
    await card.getByText('Saved card: Test card •••• 4081', { exact: false }).waitFor();
    // The page refreshes the balance after its alert: wait until it shows the purchase, as a buyer would.
    const demo = await apiLogin(world.gateway, 'demouser', 'demo12345');
    const balance = demo.creditbalance as number;
    await page.getByText(`Balance: ${balance.toLocaleString('en-US')} SMS credits`).waitFor();
    await card.getByRole('switch', { name: 'Buy credits automatically' }).check();
    await card.getByLabel('When my balance falls below (credits)').fill(String(balance - 1));
    await card.getByLabel('Buy (credits)').fill('a thousand');
    await card.getByRole('button', { name: 'Save auto top-up' }).click();
    await card.getByRole('alert').getByText('Enter a whole number of credits', { exact: false }).waitFor();
    // What the credits cost at today's prices shows as they are typed.
    await card.getByLabel('Buy (credits)').fill('1000');
    await card.getByText("GHS 29.00 at today's prices").waitFor();
    await card.getByRole('button', { name: 'Save auto top-up' }).click();
    await send.shell.alert('Auto top-up is on').waitFor();
    await card.getByText(`On: under ${(balance - 1).toLocaleString('en-US')} credits, buys 1,000 credits.`).waitFor();
    await page.screenshot({ path: 'test-results/screens/auto-topup-1280.png', fullPage: true });

    // A 2-credit send takes the balance under the level: the loop buys 1,000 credits, once.
    const sent = await apiCall(
      world.gateway,
      '/smsgateway/api/sendsms',
      {
        messageobject: [
          {
            shortMessage: 'Crossing',
            destinationAddress: '233244400001,233244400002',
            sourceAddress: 'DEMO',
            messageDescription: '',
            messageType: 'quick sms',
            typeandsubtype: 'quick:regular',
            specialUnicodeSupport: false,
            flash: false,
            expectedDeliveryTime: '',
          },
        ],
      },
      demo.token,
    );
    expect(sent.message).toBe('Messages sent successfully');
    // The loop runs every few seconds: its receipt mailed says the buy is done, then the page shows it.
    await expect
      .poll(() => smtp.mails.filter((m) => m.subject === 'Payment received: 1,000 SMS credits').length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.reload();
    await page.getByText(`Balance: ${(balance - 2 + 1000).toLocaleString('en-US')} SMS credits`).waitFor();
    await card.getByText('(1 today)', { exact: false }).waitFor();

    await send.shell.menu.getByRole('link', { name: 'Statement' }).click();
    const lines = page.getByTestId('statement-lines');
    await lines.locator('[data-line="auto_topup"]').getByText('+1,000').waitFor();
    await page
      .getByRole('list', { name: 'Changes of the month' })
      .getByRole('link', { name: /^Auto top-ups: Invoice/ })
      .click();
    await page.getByRole('article', { name: /^Invoice INV-\d{6}$/ }).waitFor();
    // The two purchases' receipts, and the top-up's.
    await expect.poll(() => smtp.mails.filter((m) => m.subject === 'Payment received: 690 SMS credits').length).toBe(2);
    await expect
      .poll(() => smtp.mails.filter((m) => m.subject === 'Payment received: 1,000 SMS credits').length)
      .toBe(1);
    await context.close();

    const phone = await world.openSignedIn({ serviceWorkers: 'block', viewport: SCREENSHOT_VIEWPORTS[1][1] });
    await phone.send.shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
    await phone.page.getByRole('region', { name: 'Auto top-up' }).getByText('Saved card', { exact: false }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: 'test-results/screens/auto-topup-390.png', fullPage: true });
    await phone.context.close();
  });
});
