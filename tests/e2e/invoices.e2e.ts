import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_VIEWPORTS, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';

// Invoices (docs/product.md#invoices): a reseller gives its TIN and says its prices exclude tax; its
// client sees the tax before paying, pays the price and the taxes, and opens, prints and saves the
// invoice from the purchase history.

describe('invoices of purchases', () => {
  const world = useGatewayAndBrowser();
  const acme = 'acme.localhost';

  it('a reseller’s TIN and prices without tax: its client pays the taxes and gets the invoice', async () => {
    const admin = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'acmeadmin',
      password: 'acme12345',
      host: acme,
    });
    await admin.send.shell.visit(world.gateway.url('/profile', acme), 'Profile');
    const settings = admin.page.getByRole('region', { name: 'Your white-label platform' });
    await settings.getByLabel('TIN on your invoices').fill('12345');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await admin.send.shell
      .alert(
        'Please enter the TIN as GRA issued it (a letter and 10 digits, e.g. C0012345678) or a Ghana Card number (GHA-123456789-0)',
      )
      .waitFor();
    await settings.getByLabel('TIN on your invoices').fill('C0012345678');
    await settings.getByRole('switch', { name: 'Prices exclude tax' }).check();
    // Its own terms and privacy pages, linked from its visitors' pages.
    await settings.getByLabel('Your terms of service (address)').fill('acme.example.com/terms');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await admin.send.shell
      .alert(
        'Please enter the full address of the page, starting with https:// (for example https://example.com/terms)',
      )
      .waitFor();
    await settings.getByLabel('Your terms of service (address)').fill('https://acme.example.com/terms');
    await settings.getByLabel('Your privacy policy (address)').fill('https://acme.example.com/privacy');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await admin.send.shell.alert(/successful|saved|updated/i).waitFor();
    await admin.context.close();

    const visitor = await world.openKept(SCREENSHOT_VIEWPORTS[1][1]);
    await visitor.page.goto(world.gateway.url('/login', acme));
    const footer = visitor.page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      'https://acme.example.com/terms',
    );
    expect(await footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      'https://acme.example.com/privacy',
    );
    await visitor.page.screenshot({ path: 'test-results/screens/visitor-footer-390.png', fullPage: true });
    await visitor.page.close();

    const { page, context, send } = await world.openSignedIn({
      who: 'acmeclient',
      password: 'client12345',
      host: acme,
    });
    await send.shell.visit(world.gateway.url('/purchasesms', acme), 'Purchase SMS credits');
    await page.getByText('Prices exclude tax: VAT, NHIL and GETFund are added at checkout.').waitFor();
    await page.getByLabel('Amount (GHS)').fill('100');
    await page
      .getByText('Prices exclude tax: VAT, NHIL and GETFund of GHS 20.00 are added, so you pay GHS 120.00.')
      .waitFor();
    await page.getByRole('button', { name: 'Buy SMS credits' }).click();
    await page.waitForURL(/\/smsgateway\/pay\/[0-9a-f]{48}$/);
    await page.getByText('GHS 20.00 (VAT, NHIL, GETFund)').waitFor();
    await page.getByRole('button', { name: 'Pay GHS 120.00' }).click();
    await page.waitForURL(/\/purchasesms$/);
    await send.shell.alert('Payment received: your SMS credits have been added').waitFor();

    await send.shell.visit(world.gateway.url('/credithistory', acme), 'SMS credits purchase history');
    const history = page.getByRole('list', { name: 'SMS credits purchase history' });
    await history.getByRole('link', { name: 'Invoice of the GHS 120.00 purchase' }).click();
    const invoice = page.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
    await invoice.getByText('TIN: C0012345678').waitFor();
    const taxes = invoice.getByRole('table', { name: 'Taxes' });
    const rows = (await taxes.locator('tr').allInnerTexts()).map((t) => t.split('\t').map((c) => c.trim()));
    expect(rows).toEqual([
      ['Taxable value', 'GHS 100.00'],
      ['VAT 15%', 'GHS 15.00'],
      ['NHIL 2.5%', 'GHS 2.50'],
      ['GETFund 2.5%', 'GHS 2.50'],
      ['Total paid', 'GHS 120.00'],
    ]);
    await invoice.getByText('These taxes were added to the price.').waitFor();

    const number = (await invoice.getAttribute('aria-label'))!.replace('Invoice ', '');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.screenshot({ path: 'test-results/screens/invoice-1280.png', fullPage: true });
    const invoiceUrl = page.url();
    // Offline, an invoice says it opens when back online instead of a blank page.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.getByRole('main').getByRole('link', { name: 'SMS credits purchase history' }).click();
    await history.getByRole('link', { name: 'Invoice of the GHS 120.00 purchase' }).click();
    await page.getByText('Invoices are not kept on this device: this one opens when you are back online').waitFor();
    await context.close();

    // On a phone: the whole invoice within the screen's width.
    const phone = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'acmeclient',
      password: 'client12345',
      host: acme,
      viewport: SCREENSHOT_VIEWPORTS[1][1],
    });
    await phone.page.goto(invoiceUrl);
    await phone.page
      .getByRole('article', { name: `Invoice ${number}` })
      .getByText('GHS 120.00')
      .first()
      .waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: 'test-results/screens/invoice-390.png', fullPage: true });
    await phone.context.close();
  });
});
