// Opt-outs in the browser (docs/compliance.md): the Opt-outs page with import and export, the send
// form's preview of skipped recipients, and the opt-out link's page on a reseller's domain at 390 px.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { newPage, PHONE, serviceWorkerControls } from './support/browser';
import { apiCall, apiLogin } from './support/api-accounts';
import { carrierMessages } from './support/carrier';
import { downloadedSheet } from './support/downloads';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { OptOutsPage } from './support/pages/optouts-page';

const files = mkdtempSync(join(tmpdir(), 'optouts-e2e-'));
const SCREENS = join('test-results', 'screens');

function workbook(name: string, rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const path = join(files, name);
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return path;
}

describe('opt-outs', () => {
  const world = useGatewayAndBrowser();

  it('adds by hand and from Excel, finds, exports and removes with a reason; the send form counts them', async () => {
    const { page, context, send } = await world.openSignedIn();
    await send.shell.menu.getByRole('link', { name: 'Opt-outs' }).click();
    const optouts = new OptOutsPage(page);
    await page.getByRole('heading', { name: 'Opt-outs', level: 1 }).waitFor();
    await page.getByText('No one has opted out of your messages').waitFor();

    await optouts.addByHand('0244 100 001\n+233244100002');
    await optouts.shell.alert('2 numbers added to your opt-out list').waitFor();
    await expect.poll(() => optouts.numbers()).toEqual(['024 410 0002', '024 410 0001']);
    await optouts.table.getByText('Added by hand').first().waitFor();

    await optouts.addByHand('not a number');
    await optouts.shell.alert("'not a number' (number 1) is not a phone number: nothing was added").waitFor();
    // Among numbers, an entry that is not one is left out and kept in the field to be mended.
    await optouts.addByHand('0244 100 001\ncall me');
    await optouts.shell
      .alert("0 numbers added to your opt-out list, 1 number already on it. Not phone numbers, left out: 'call me'")
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Numbers' }).inputValue()).toBe('call me');

    await optouts.importFile(workbook('stop.xlsx', [['numbers'], ['0244100003'], ['0244100004'], ['0244100001']]));
    await optouts.shell.alert('2 numbers added to your opt-out list, 1 number already on it').waitFor();
    await expect.poll(() => optouts.count.textContent()).toBe('4 of 4 numbers');
    await optouts.table.getByText('Imported').first().waitFor();

    await optouts.search('0244100003');
    await expect.poll(() => optouts.numbers()).toEqual(['024 410 0003']);
    await optouts.search('');

    const { rows } = await downloadedSheet(page, optouts.exportButton);
    expect(rows[0]).toEqual(['numbers', 'reason', 'date']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['233244100004', 'Imported'],
      ['233244100003', 'Imported'],
      ['233244100002', 'Added by hand'],
      ['233244100001', 'Added by hand'],
    ]);

    await optouts.remove('024 410 0004', 'Opted in again at the shop');
    await optouts.shell.alert('024 410 0004 may receive your messages again').waitFor();
    await expect.poll(() => optouts.count.textContent()).toBe('3 of 3 numbers');
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, 'optouts-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    await optouts.table.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(SCREENS, 'optouts-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The send form counts the typed numbers that opted out, lists them on demand, and prices only the rest.
    await page.goto(world.gateway.url('/'));
    await send.choose('Sender ID', 'DEMO');
    await send.numbers.fill('0244100001\n233244100005\n0244100003');
    await send.message.fill('Hello');
    const preview = page.getByTestId('opted-out-preview');
    await preview.getByText('2 recipients have opted out and will be skipped').waitFor();
    await expect.poll(() => page.getByTestId('send-cost').textContent()).toContain('1 SMS credits');
    await preview.getByRole('button', { name: 'Show the numbers' }).click();
    await expect.poll(() => page.getByTestId('opted-out-numbers').textContent()).toBe('233244100001, 233244100003');
    // An opt-out link is counted in the parts.
    await send.message.fill('A'.repeat(150));
    await expect.poll(() => page.getByTestId('send-cost').textContent()).toContain('1 SMS credits');
    await page.getByRole('checkbox', { name: 'Add an opt-out link' }).check();
    await expect.poll(() => page.getByTestId('send-cost').textContent()).toContain('2 SMS credits');
    await page.screenshot({ path: join(SCREENS, 'send-optouts-1280.png'), fullPage: true });

    // Offline, the list stored on the device is still readable, and nothing can be changed.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await page.goto(world.gateway.url('/optouts'));
    await page.getByText('This is the list as last stored on this device').waitFor();
    await expect.poll(() => optouts.numbers()).toEqual(['024 410 0003', '024 410 0002', '024 410 0001']);
    expect(await page.getByRole('button', { name: 'Add to opt-out list' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove 024 410 0001' }).isDisabled()).toBe(true);
    // The send form's preview, offline, counts from that stored list and says so.
    await page.goto(world.gateway.url('/'));
    await send.choose('Sender ID', 'DEMO');
    await send.numbers.fill('0244100002\n233244100009');
    await send.message.fill('Hello');
    await preview
      .getByText('1 recipient has opted out and will be skipped (from the opt-out list stored on this device).')
      .waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it("shows the opt-out link's page on the reseller's own domain at 390 px, confirms once, and 404s elsewhere", async () => {
    const client = await apiLogin(world.gateway, 'acmeclient', 'client12345', 'acme.localhost');
    const sendAsClient = (items: unknown[]) =>
      apiCall(world.gateway, '/smsgateway/api/sendsms', { messageobject: items }, client.token, 'acme.localhost');
    const sent = await sendAsClient([
      {
        shortMessage: 'Sale this weekend',
        destinationAddress: '233244200001',
        sourceAddress: 'ACMECL',
        messageDescription: '',
        messageType: 'quick sms',
        specialUnicodeSupport: false,
        flash: false,
        expectedDeliveryTime: '',
        typeandsubtype: 'quick:regular',
        recurringInterval: 0,
        recurringPeriod: 'Hourly',
        optOutLink: true,
      },
    ]);
    expect(sent.message).toBe('Messages sent successfully');
    await expect.poll(async () => (await carrierMessages(world.gateway, '233244200001')).length).toBe(1);
    const [message] = await carrierMessages(world.gateway, '233244200001');
    const link = /Opt out: https:\/\/(acme\.localhost)\/o\/([A-Za-z0-9]{8})$/.exec(message!.text);
    expect(link).not.toBeNull();
    const code = link![2]!;

    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block', viewport: PHONE });
    await page.goto(world.gateway.url(`/o/${code}`, 'localhost'));
    await page.getByRole('heading', { name: 'Link not found' }).waitFor();

    await page.goto(world.gateway.url(`/o/${code}`, 'acme.localhost'));
    await page.getByRole('heading', { name: 'Stop messages from Acme Client Ltd?' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(SCREENS, 'optout-link-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Stop messages from Acme Client Ltd' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();
    await page.screenshot({ path: join(SCREENS, 'optout-link-done-390.png'), fullPage: true });
    await page.goBack();
    await page.reload();
    await page.getByRole('heading', { name: 'Already done' }).waitFor();
    await context.close();

    // The client's next send to that number is skipped and costs nothing.
    const again = await sendAsClient([
      {
        shortMessage: 'Another sale',
        destinationAddress: '0244200001',
        sourceAddress: 'ACMECL',
        messageDescription: '',
        messageType: 'quick sms',
        specialUnicodeSupport: false,
        flash: false,
        expectedDeliveryTime: '',
        typeandsubtype: 'quick:regular',
        recurringInterval: 0,
        recurringPeriod: 'Hourly',
      },
    ]);
    expect(again.optedOut).toBe(1);
  });
});
