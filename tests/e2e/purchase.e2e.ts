import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueUser } from '../unit/support/factories';
import { PHONE, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiSignUp } from './support/api-accounts';
import { startSmtpCapture, type SmtpCapture } from '../gateway/helpers/smtp-capture';

// The price tables, a purchase through the dev mode's simulated checkout landing in the
// history with the right balances and the buyer's receipt e-mailed through a real SMTP server, a
// cancelled one adding nothing, the admin's two histories, offline.

const rowTexts = async (page: Page, table: string) =>
  (await page.getByRole('table', { name: table }).locator('tbody tr').allInnerTexts()).map((t) =>
    t.split('\t').map((cell) => cell.trim()),
  );

describe('purchase SMS credits and the credit histories', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp?.close());
  const world = useGatewayAndBrowser({ env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'billing@sms.example.com' }) });
  const buyer = uniqueUser('buy');

  it('shows the REGULAR prices, buys GHS 100 through the checkout and finds it in the history', async () => {
    await apiSignUp(world.gateway, { ...buyer, cname: 'Buyer Ltd' });
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: buyer.username,
      password: buyer.password,
    });
    const shell = send.shell;
    await shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
    const rows = await rowTexts(page, 'REGULAR account prices');
    expect(rows[0]).toEqual(['20', '690', '0.029', '3 months']);
    expect(rows.at(-1)).toEqual(['2000 or more', '91,744', '0.0218', '3 months']);
    await page.getByText('Balance: 10 SMS credits').waitFor();

    const amount = page.getByLabel('Amount (GHS)');
    await amount.fill('ten');
    await page.getByText('Amount must be a number').waitFor();
    await amount.fill('5');
    await page.getByText('The minimum purchase is GHS 20').waitFor();
    await amount.fill('100');
    await page.getByText('3,760 SMS credits').waitFor();
    await page.getByRole('button', { name: 'Buy SMS credits' }).click();

    // The dev mode's checkout says what it is, then Pay brings the buyer back with the credits.
    await page.waitForURL(/\/smsgateway\/pay\/[0-9a-f]{48}$/);
    await page.getByText('Dev mode: a simulated card payment').waitFor();
    await page.getByRole('button', { name: 'Pay GHS 100.00' }).click();
    await page.waitForURL(/\/purchasesms$/);
    // Said once, as an alert (an outcome), not also on the page.
    await shell.alert('Payment received: your SMS credits have been added').waitFor();
    expect(await page.getByText('Payment received: your SMS credits have been added').count()).toBe(1);
    await page.getByText('Balance: 3,770 SMS credits').waitFor();
    // The receipt went to the buyer's address by e-mail, from the seller's name.
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]).toMatchObject({
      to: [buyer.email],
      from: { name: 'Bulk SMS Ghana', address: 'billing@sms.example.com' },
      subject: 'Payment received: 3,760 SMS credits',
    });
    expect(smtp.mails[0]!.text).toContain('Balance:  3,770 credits');

    // A cancelled payment adds nothing and says so.
    await amount.fill('50');
    await page.getByRole('button', { name: 'Buy SMS credits' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await shell.alert('The payment was cancelled: no credits were added').waitFor();
    expect(await page.getByText('The payment was cancelled: no credits were added').count()).toBe(1);
    await page.getByText('Balance: 3,770 SMS credits').waitFor();

    await page.getByRole('link', { name: 'SMS credits purchase history' }).first().click();
    await page.getByRole('heading', { name: 'SMS credits purchase history', level: 1 }).waitFor();
    const history = page.getByRole('list', { name: 'SMS credits purchase history' });
    await history.getByText('GHS 100.00').waitFor();
    await history.getByText('+3,760 credits · 10 → 3,770').waitFor();
    await page.getByText('Data fetch completed').waitFor();
    await page.getByLabel('Search').fill('no such purchase');
    await expect.poll(() => history.getByText('GHS 100.00').count()).toBe(0);
    await context.close();
  });

  it('shows the PREMIUM prices to a premium account, and the reseller table with its rate to a reseller', async () => {
    const premium = uniqueUser('prem');
    const info = await apiSignUp(world.gateway, { ...premium, cname: 'Premium Ltd' });
    await apiCall(
      world.gateway,
      'changeaccountype',
      { profile_id: info.profile_id, accountType: 'PREMIUM' },
      info.token,
    );
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: premium.username,
      password: premium.password,
    });
    await send.shell.visit(world.gateway.url('/purchasesms'), 'Purchase SMS credits');
    const rows = await rowTexts(page, 'PREMIUM account prices');
    expect(rows[0]).toEqual(['20', '589', '0.034', '1 year']);
    expect(rows.at(-1)).toEqual(['2000 or more', '74,627', '0.0268', '1 year']);
    await context.close();

    const reseller = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'acmeadmin',
      password: 'acme12345',
      host: 'acme.localhost',
    });
    await reseller.send.shell.visit(world.gateway.url('/purchasesms', 'acme.localhost'), 'Purchase SMS credits');
    expect((await rowTexts(reseller.page, 'Reseller rates'))[0]).toEqual(['0 - 50,000', '0.025']);
    await reseller.page.getByText('Your applicable rate: 0.025 per SMS').waitFor();
    await reseller.context.close();
  });

  it('gives an admin two named histories: its own purchases and its clients’', async () => {
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'supervisor',
      password: 'supervisor123',
    });
    await send.shell.visit(world.gateway.url('/clientcredithistory'), 'SMS credits purchase history');
    const tabs = page.getByRole('radiogroup', { name: 'Whose history' });
    await page.getByText('Credits bought for your own account, and credit given to it').waitFor();
    await tabs.getByText('C: Clients’ purchases', { exact: true }).click();
    await page.getByText('Credits your clients bought, and credit you gave them').waitFor();
    const history = page.getByRole('list', { name: 'SMS credits purchase history' });
    await history.getByText(`${buyer.username} · ${buyer.email}`).waitFor();
    await page.getByText('Data fetch completed').waitFor();
    await context.close();
  });

  it('offline on a phone: the stored history with its note, and buying says it needs a connection', async () => {
    const { page, context, send } = await world.openSignedIn({
      who: buyer.username,
      password: buyer.password,
      viewport: PHONE,
    });
    await send.shell.visit(world.gateway.url('/credithistory'), 'SMS credits purchase history');
    const history = page.getByRole('list', { name: 'SMS credits purchase history' });
    await history.getByText('GHS 100.00').waitFor();
    // Offline works once the service worker has stored the app (it controls the page when it has).
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.getByText('This is the history stored on this device').waitFor();
    // Offline is said once, by the banner: the page's note says only what it shows.
    expect(await page.getByText('You are offline', { exact: false }).count()).toBe(1);
    await history.getByText('GHS 100.00').waitFor();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('link', { name: 'Purchase SMS credits' }).click();
    await page.getByText('Buying credit needs a connection: connect to the internet and try again').waitFor();
    await page.getByLabel('Amount (GHS)').fill('100');
    expect(await page.getByRole('button', { name: 'Buy SMS credits' }).isDisabled()).toBe(true);
    await context.close();
  });
});
