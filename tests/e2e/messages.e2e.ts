import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { freshNumbers, freshNumbersEnding } from '../unit/support/phone-numbers';
import { SCREENSHOT_VIEWPORTS } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { downloadedSheet } from './support/downloads';
import { MessagesPage } from './support/pages/messages-page';
import { formatAccra } from '../../src/domain/dates';
import { canonicalPhone, displayPhone } from '../../src/domain/numbers/phone-number';
import { NETWORK_LABELS, networkOf } from '../../src/domain/numbers/networks';
import { personalize } from '../../src/domain/messages/personalize';
import { carrierMessages, eventually } from './support/carrier';

/** How the send form writes a run's time. */
const RUN = 'EEE d MMM yyyy, HH:mm';

const wall = (d: Date) =>
  `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;

describe('dashboards, status page, scheduled and recurring lists', () => {
  // Screens, not the service worker: its install is blocked in this file's contexts.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('shows a sent message on the dashboard with its statuses arriving, its status page, and the Excel export', async () => {
    const { page, send } = await world.openSignedInKept();
    // The simulated carrier sends the first, fails the one ending in 13, holds the one ending in 99.
    const [ok, fails, holds] = freshNumbersEnding([1, 13, 99]);
    await send.choose('Sender ID', 'DEMO');
    await send.field('Campaign name (optional)').fill('Status check');
    await send.numbers.fill([ok, fails, holds].join(','));
    await send.message.fill('=cmd|"/c calc"!A1 is not a formula here');
    await send.submit();
    await send.shell.alert('Messages sent successfully').waitFor();

    const messages = await new MessagesPage(page).open(world.gateway.url('/dashboard'), 'Dashboard');
    const item = messages.item('Dashboard', 'Status check');
    await item.waitFor();
    // Delivery reports arrive after the send: the dashboard picks them up by itself.
    await item.getByText('Delivered 1').waitFor({ timeout: 30_000 });
    await item.getByText('Failed 1').waitFor({ timeout: 30_000 });
    await item.getByText('Pending 1').waitFor();
    await messages.endText.waitFor();
    await messages.search('no such message anywhere');
    await expect.poll(() => messages.list('Dashboard').getByRole('listitem').count()).toBe(0);
    await messages.search('status check');
    await item.getByRole('button').click();
    await page.waitForURL(/\/dashboard\/[A-Za-z0-9]+$/);
    await messages.statusTable.waitFor();
    await expect.poll(() => messages.total('sent').textContent()).toBe('1');
    expect(await messages.total('failed').textContent()).toBe('1');
    expect(await messages.total('pending').textContent()).toBe('1');
    expect(await messages.total('total').textContent()).toBe('3');
    await page.getByRole('textbox', { name: 'Search' }).fill('FAILED');
    await expect.poll(() => messages.statusTable.getByRole('row').count()).toBe(2);
    expect(await messages.statusTable.getByRole('row').nth(1).textContent()).toContain(displayPhone(fails ?? ''));
    await page.getByRole('textbox', { name: 'Search' }).fill('');

    const { rows } = await downloadedSheet(page, page.getByRole('button', { name: 'Export status report (Excel)' }));
    expect(rows[0]).toEqual([
      'Mobile number',
      'Status',
      'Status time (Accra)',
      'Network',
      'Failure reason',
      'Parts',
      'Cost (credits)',
    ]);
    // Statuses in words as the page shows them (SENT reads Delivered), each with its parts and cost.
    expect(
      rows
        .slice(1)
        .map((r) => [r[0], r[1], r[5], r[6]])
        .sort(),
    ).toEqual(
      [
        [fails, 'Failed', 1, 1],
        [holds, 'Pending', 1, 1],
        [ok, 'Delivered', 1, 1],
      ].sort(),
    );
    for (const r of rows.slice(1)) {
      expect(String(r[2])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(r[3]).toBe(NETWORK_LABELS[networkOf(canonicalPhone(String(r[0])))]);
    }
    const failed = rows.find((r) => r[0] === fails)!;
    expect(String(failed[4] ?? '')).not.toBe('');
  });

  it('registers a scheduled message, lists it, edits it (refusing an invalid date) and deletes it', async () => {
    const { page, send } = await world.openSignedInKept();
    const when = new Date(Date.now() + 2 * 86_400_000);
    when.setUTCHours(10, 15, 0, 0);
    await send.choose('Message type', 'Scheduled SMS');
    await send.choose('Sender ID', 'ALERTS');
    await send.field('Campaign name (optional)').fill('E2E scheduled');
    await send.numbers.fill('0241000001');
    await send.message.fill('See you at the launch');
    await send.pickDateTime(/^Delivery date and time/, when);
    await send.submit();
    await send.shell.alert('Scheduled sms registered successfully').waitFor();

    const messages = await new MessagesPage(page).open(world.gateway.url('/scheduledsms'), 'Scheduled SMS');
    const item = messages.item('Scheduled SMS', 'E2E scheduled');
    await item.getByText(`Due ${wall(when)}`).waitFor();
    await item.getByRole('button', { name: 'Edit E2E scheduled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit scheduled sms' });
    await dialog.getByRole('button', { name: 'Clear the date' }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await send.shell.saidInline('Please enter a valid date', dialog);
    const later = new Date(when.getTime() + 86_400_000);
    later.setUTCHours(11, 45, 0, 0);
    await send.pickDateTime(/^Delivery date and time/, later);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.getByText(`Due ${wall(later)}`).waitFor();
    await item.getByRole('button', { name: 'Delete E2E scheduled' }).click();
    // The dialog names what goes: the campaign, its recipients, sender and time, and its text.
    const deleting = page.getByRole('dialog', { name: 'Delete scheduled sms' });
    await deleting.getByText('Delete “E2E scheduled”? It will not be sent.').waitFor();
    expect(await deleting.getByTestId('delete-summary').textContent()).toBe(
      `1 recipient · from ALERTS · due ${wall(later)}`,
    );
    await deleting.getByText('See you at the launch').waitFor();
    await deleting.getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
  });

  it('edits a personalized scheduled send as its template: counter and cost in the dialog, each recipient its own text', async () => {
    const numbers = freshNumbers(3);
    const rows = [
      ['Kojo', '10'],
      ['Ama', '25'],
      ['Nana Akua', '7'],
    ].map(([name, amount], i) => ({ Numbers: numbers[i]!, Name: name!, Amount: amount! }));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'Sheet1');
    const file = join(world.scratch, 'bills.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const first = 'Dear {Name}, your bill is GHS {Amount}.';
    // Over 160 characters once filled for every row: each text takes 2 parts, 6 credits where 3 were paid.
    const longer = `Dear {Name}, your statement for this month is ready. ${'Please pass by the office with your card. '.repeat(3)}Bill: GHS {Amount}.`;
    const textsOf = (template: string) => rows.map((r) => personalize(template, r));

    const { page, send } = await world.openSignedInKept();
    const when = new Date(Date.now() + 2 * 86_400_000);
    when.setUTCHours(9, 30, 0, 0);
    await send.choose('Message type', 'Scheduled SMS');
    await send.choose('Sender ID', 'DEMO');
    await send.field('Campaign name (optional)').fill('E2E personal bills');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText(/^Loaded 3 rows/).waitFor();
    await send.message.fill(first);
    await send.pickDateTime(/^Delivery date and time/, when);
    await send.submit();
    await send.shell.alert('Scheduled sms registered successfully').waitFor();

    const messages = await new MessagesPage(page).open(world.gateway.url('/scheduledsms'), 'Scheduled SMS');
    const item = messages.item('Scheduled SMS', 'E2E personal bills');
    await item.getByText(`Template: ${first}`).waitFor();
    const openDialog = async (at: typeof page) => {
      await new MessagesPage(at)
        .item('Scheduled SMS', 'E2E personal bills')
        .getByRole('button', { name: 'Edit E2E personal bills' })
        .click();
      return at.getByRole('dialog', { name: 'Edit scheduled sms' });
    };
    const dialog = await openDialog(page);
    const template = dialog.getByRole('textbox', { name: 'Message template' });
    // The template, not the first recipient's text.
    expect(await template.inputValue()).toBe(first);
    await expect.poll(() => dialog.getByTestId('template-fields').textContent()).toMatch(/\{Name\} \{Amount\}/);
    await expect.poll(() => dialog.getByTestId('send-cost').textContent()).toBe('Cost: 3 SMS credits a delivery');
    await template.fill(longer);
    expect(await dialog.getByTestId('sms-counter').textContent()).toBe(
      // 198 characters as typed; braces are GSM's extended characters, each taking 2 of the 306 places.
      '198 / 302 characters · 2 messages (before fields are filled in)',
    );
    await expect.poll(() => dialog.getByTestId('send-cost').textContent()).toBe('Cost: 6 SMS credits a delivery');
    await dialog
      .getByText('Saving takes 3 SMS credits now: the first delivery is paid when it is registered')
      .waitFor();
    await dialog.locator('[data-testid="edit-cost"][aria-busy="false"]').waitFor();
    await page.screenshot({ path: 'test-results/screens/edit-personal-dialog-1280.png' });

    // The same dialog on a phone, then cancelled there.
    const phone = await world.openSignedIn({ viewport: SCREENSHOT_VIEWPORTS[1][1] });
    await new MessagesPage(phone.page).open(world.gateway.url('/scheduledsms'), 'Scheduled SMS');
    const phoneDialog = await openDialog(phone.page);
    await phoneDialog.getByRole('textbox', { name: 'Message template' }).fill(longer);
    await phoneDialog.getByText(/^Saving takes 3 SMS credits now/).waitFor();
    await phoneDialog.locator('[data-testid="edit-cost"][aria-busy="false"]').waitFor();
    await phone.page.screenshot({ path: 'test-results/screens/edit-personal-dialog-390.png' });
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();

    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await send.shell.alert('Scheduled sms updated successfully').waitFor();
    await item.getByText(`Template: ${longer}`).waitFor();

    // Due now (the picker's quarter hour, never more than the 15 minutes' grace behind): the run goes out.
    const now = Date.now();
    const quarter = now - (now % 900_000);
    const due = new Date(now - quarter > 14 * 60_000 ? quarter + 900_000 : quarter);
    const again = await openDialog(page);
    await send.pickDateTime(/^Delivery date and time/, due);
    await again.getByRole('button', { name: 'Save changes' }).click();
    await again.waitFor({ state: 'detached' });

    // The carrier gets each recipient's own text of the new template.
    const sent = await Promise.all(
      numbers.map(
        async (n) =>
          (
            await eventually(
              () => carrierMessages(world.gateway, n),
              (m) => m.length > 0,
              90_000,
            )
          )[0]!.text,
      ),
    );
    expect(sent).toEqual(textsOf(longer));
    const dashboard = await messages.open(world.gateway.url('/dashboard'), 'Dashboard');
    const run = dashboard.item('Dashboard', 'E2E personal bills');
    await run.waitFor({ timeout: 90_000 });
    await run.getByText(`Template: ${longer}`).waitFor();
    await run.getByRole('button').click();
    await page.waitForURL(/\/dashboard\/[A-Za-z0-9]+$/);
    await messages.statusTable.waitFor();
    expect(await page.getByTestId('template-label').textContent()).toContain('Message template');
    expect(await page.getByTestId('message-text').textContent()).toBe(longer);
    const cells = messages.statusTable.getByRole('row');
    await expect.poll(() => cells.count()).toBe(4);
    const shown = await Promise.all([1, 2, 3].map((i) => cells.nth(i).getByRole('cell').nth(2).textContent()));
    expect(shown).toEqual(textsOf(longer));
    await page.screenshot({ path: 'test-results/screens/status-personal-1280.png', fullPage: true });
    const phoneDashboard = await new MessagesPage(phone.page).open(world.gateway.url('/dashboard'), 'Dashboard');
    await phoneDashboard.item('Dashboard', 'E2E personal bills').getByRole('button').click();
    // On a phone each text stands under its number.
    await phoneDashboard.statusTable.getByText(textsOf(longer)[2]!).locator('visible=true').waitFor();
    // Each status reads whole beside the texts, 'Delivered' included: never cut to 'DELI…'.
    const labels = phoneDashboard.statusTable.locator('.mantine-Badge-label');
    expect(await labels.evaluateAll((els) => els.every((el) => el.scrollWidth <= el.clientWidth))).toBe(true);
    await phone.page.screenshot({ path: 'test-results/screens/status-personal-390.png', fullPage: true });
    await phone.context.close();
  });

  it('registers a recurring message and lists it with its interval rounded for reading', async () => {
    const { page, send } = await world.openSignedInKept();
    const when = new Date(Date.now() + 86_400_000);
    when.setUTCHours(7, 0, 0, 0);
    await send.choose('Message type', 'Recurring SMS');
    await send.choose('Sender ID', 'DEMO');
    await send.field('Campaign name (optional)').fill('E2E recurring');
    await send.numbers.fill('0241000002');
    await send.message.fill('Weekly reminder');
    // A day picked without a time says it will go at midnight.
    await send.pickDateTime(
      /^First delivery/,
      new Date(Date.UTC(when.getUTCFullYear(), when.getUTCMonth(), when.getUTCDate())),
    );
    await page.getByText(/^Sends .*, 00:00 \(midnight: choose another time in the picker to change it\)$/).waitFor();
    await send.pickDateTime(/^First delivery/, when);
    await page.getByText(`Sends ${formatAccra(when, RUN)}`, { exact: true }).waitFor();
    await send.choose('Repeat', 'Daily');
    await send.field('Every (Day(s))').fill('1.5');
    // The next three runs, every 36 hours.
    const runs = [1, 2, 3].map((k) => formatAccra(when.getTime() + k * 36 * 3_600_000, RUN));
    await expect.poll(() => page.getByTestId('next-runs').textContent()).toBe(`Then: ${runs.join(' · ')}`);
    await send.submit();
    await send.shell.alert('Recurring sms registered successfully').waitFor();
    const messages = await new MessagesPage(page).open(world.gateway.url('/recurringsms'), 'Recurring SMS');
    await messages.item('Recurring SMS', 'E2E recurring').getByText('every 1 day 12 hours').waitFor();
  });

  it('gives admins the Personal/Client toggle, author names, and no edit or delete on clients’ items', async () => {
    const { page } = await world.openSignedInKept({ who: 'supervisor', password: 'supervisor123' });
    const messages = await new MessagesPage(page).open(world.gateway.url('/dashboard'), 'Dashboard');
    await page.getByText('Client', { exact: true }).click();
    await page.waitForURL('**/clientdashboard');
    await page.getByRole('heading', { name: 'Client dashboard' }).waitFor();
    const welcome = messages.item('Client dashboard', 'Welcome campaign');
    await welcome.getByText(/by demouser/).waitFor();
    await welcome.getByRole('button').click();
    await page.waitForURL(/\/clientdashboard\/[A-Za-z0-9]+$/);
    await messages.statusTable.waitFor();
    expect(await page.getByRole('button', { name: 'Export status report (Excel)' }).count()).toBe(0);
    await messages.open(world.gateway.url('/clientrecurringsms'), 'Client recurring SMS');
    const daily = messages.item('Client recurring SMS', 'Daily stock update');
    await daily.getByText(/by demouser/).waitFor();
    expect(await daily.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
  });

  it('screenshots the dashboard and the status page at 1280 and 390 px', async () => {
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      const { page } = await world.openSignedInKept({ viewport });
      const messages = await new MessagesPage(page).open(world.gateway.url('/dashboard'), 'Dashboard');
      await messages.endText.waitFor();
      await page.screenshot({ path: `test-results/screens/dashboard-${name}.png` });
      await messages.item('Dashboard', 'Welcome campaign').getByRole('button').click();
      await messages.statusTable.waitFor();
      await page.screenshot({ path: `test-results/screens/status-${name}.png`, fullPage: true });
    }
  });
});
