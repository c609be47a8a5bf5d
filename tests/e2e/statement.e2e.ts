import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOT_VIEWPORTS, serviceWorkerControls } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { downloadedSheet } from './support/downloads';
import { apiCall, apiLogin } from './support/api-accounts';
import { monthLabel, monthOf, previousMonth } from '../../src/domain/money/statement';

// The Statement screen (docs/product.md#statements): a month of a demo account whose lines add up to
// its closing balance, a line that opens its cause, the Excel export, the months viewed kept for
// offline use, and a reseller reading its client's statement from client management.

/** The lines table's rows as [label, credits]: "−2" and "+1,000" read back as numbers. */
async function statementLines(page: Page): Promise<[string, number][]> {
  const table = page.getByTestId('statement-lines');
  await table.getByText('Closing balance').waitFor();
  const rows = await table.locator('tr').allInnerTexts();
  return rows.map((row) => {
    const [label, credits] = row.split('\t').map((c) => c.trim()) as [string, string];
    return [label, Number(credits.replace(/,/g, '').replace('−', '-').replace('+', ''))];
  });
}

const addsUp = (rows: [string, number][]) => {
  const inner = rows.slice(0, -1).reduce((n, [, c]) => n + Math.round(c * 100), 0);
  return inner === Math.round(rows[rows.length - 1]![1] * 100);
};

describe('the Statement screen', () => {
  const world = useGatewayAndBrowser();
  const month = monthOf(Date.now());

  /** A quick send and a scheduled one by demouser: this month's spending (the demo's own messages were free). */
  async function spend() {
    const demo = await apiLogin(world.gateway, 'demouser', 'demo12345');
    const item = (messageType: string, expectedDeliveryTime: string) => ({
      shortMessage: 'Statement test',
      destinationAddress: '233244300001,233244300002',
      sourceAddress: 'DEMO',
      messageDescription: 'Statement',
      messageType,
      typeandsubtype: `${messageType.split(' ')[0]}:regular`,
      specialUnicodeSupport: false,
      flash: false,
      expectedDeliveryTime,
    });
    const later = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16).replace('T', ' ') + ':00';
    for (const send of [item('quick sms', later), item('scheduled sms', later)]) {
      const answer = await apiCall(world.gateway, '/smsgateway/api/sendsms', { messageobject: [send] }, demo.token);
      expect(answer.message).toBeTruthy();
    }
  }

  it('shows a month that adds up, opens a line’s message, downloads Excel and reads offline', async () => {
    await spend();
    const { page, context, send } = await world.openSignedIn();
    await send.shell.menu.getByRole('link', { name: 'Statement' }).click();
    await page.getByRole('heading', { name: 'Statement', level: 1 }).waitFor();
    await page
      .getByTestId('statement-heading')
      .getByText(`${monthLabel(month)} · demouser`)
      .waitFor();
    const rows = await statementLines(page);
    expect(rows[0]![0]).toBe('Opening balance');
    expect(rows.map(([label]) => label)).toEqual(expect.arrayContaining(['Spent: quick SMS', 'Spent: scheduled SMS']));
    expect(addsUp(rows)).toBe(true);
    await page.screenshot({ path: 'test-results/screens/statement-1280.png', fullPage: true });

    const { rows: sheet } = await downloadedSheet<(string | number)[]>(
      page,
      page.getByRole('button', { name: 'Export to Excel' }),
    );
    expect(sheet[0]).toEqual(['Statement', monthLabel(month)]);
    expect(sheet[1]).toEqual(['Account', 'demouser']);
    expect(sheet.find((r) => r[0] === 'Closing balance')![1]).toBe(rows[rows.length - 1]![1]);
    expect(sheet.some((r) => r[1] === 'Spent: quick SMS' && typeof r[2] === 'number' && r[2] < 0)).toBe(true);

    // A spending row opens the status page of the message it paid for.
    const changes = page.getByRole('list', { name: 'Changes of the month' });
    await changes
      .getByRole('link', { name: /^Spent: quick SMS: Message / })
      .first()
      .click();
    await page.waitForURL(/\/dashboard\/[^/]+$/);
    await page.getByRole('columnheader', { name: 'Mobile number' }).waitFor();

    // Offline: the month viewed is read from the device; one never viewed says it needs a connection.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await send.shell.menu.getByRole('link', { name: 'Statement' }).click();
    await page
      .getByTestId('statement-heading')
      .getByText(/Stored on this device/)
      .waitFor();
    await send.choose('Month', monthLabel(previousMonth(month)));
    await page.getByText(/This statement is not kept on this device/).waitFor();
    await context.close();
  });

  it('fits a phone', async () => {
    const phone = await world.openSignedIn({ serviceWorkers: 'block', viewport: SCREENSHOT_VIEWPORTS[1][1] });
    await phone.send.shell.visit(world.gateway.url('/statement'), 'Statement');
    await statementLines(phone.page);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: 'test-results/screens/statement-390.png', fullPage: true });
    await phone.context.close();
  });

  it('lets a reseller open its client’s statement from client management, and pick another account', async () => {
    const acme = 'acme.localhost';
    const { page, context, send } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'acmeadmin',
      password: 'acme12345',
      host: acme,
    });
    await send.shell.visit(world.gateway.url('/clientmanagement', acme), 'Client management');
    await page.getByRole('link', { name: 'Statement of acmeclient' }).click();
    await page
      .getByTestId('statement-heading')
      .getByText(`${monthLabel(month)} · acmeclient`)
      .waitFor();
    expect(addsUp(await statementLines(page))).toBe(true);
    expect(await send.selectValue('Account')).toMatch(/^acmeclient/);
    await page.screenshot({ path: 'test-results/screens/statement-client-1280.png', fullPage: true });
    await send.choose('Account', 'My own account');
    await page
      .getByTestId('statement-heading')
      .getByText(`${monthLabel(month)} · acmeadmin`)
      .waitFor();
    expect(addsUp(await statementLines(page))).toBe(true);
    await context.close();

    const phone = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'acmeadmin',
      password: 'acme12345',
      host: acme,
      viewport: SCREENSHOT_VIEWPORTS[1][1],
    });
    await phone.send.shell.visit(world.gateway.url('/clientmanagement', acme), 'Client management');
    await phone.page.getByRole('link', { name: 'Statement of acmeclient' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: 'test-results/screens/statement-clients-390.png', fullPage: true });
    await phone.page.getByRole('link', { name: 'Statement of acmeclient' }).click();
    await phone.page
      .getByTestId('statement-heading')
      .getByText(/acmeclient/)
      .waitFor();
    await phone.page.screenshot({ path: 'test-results/screens/statement-client-390.png', fullPage: true });
    await phone.context.close();
  });
});
