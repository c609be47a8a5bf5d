import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startGateway, type RunningGateway } from './support/gateway';
import { carrierMessages, carrierMessagesOfJob, carrierSummary, eventually } from './support/carrier';
import { outboxJobs, SendPage, storedRecords } from './support/pages/send-page';

describe('send SMS from a spreadsheet: sheet choice, personalized texts, batches after 413', () => {
  let gateway: RunningGateway;
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'e2e-sheets-'));
    // A small body limit: 250 personalized messages (about 105 KB) meet HTTP 413, a batch of 100 (about 42 KB) fits.
    [gateway, browser] = await Promise.all([startGateway({ MAX_BODY_BYTES: '60000' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const prefix = () => 241_000_000 + Math.floor(Math.random() * 700_000) * 10;

  it('reads a two-sheet Excel file in a worker, asks for the sheet, keeps it through a reload, and sends each row its own text', async () => {
    const base = prefix();
    const people = [
      [`233${base + 1}`, 'Ama', 1234.5],
      [`233${base + 11}`, 'Kofi', 20],
      [`233${base + 21}`, 'Esi', 1000000],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Notes'], ['not the list']]), 'Notes');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Numbers', 'Name', 'Amount due'], ...people]),
      'Customers',
    );
    const file = join(dir, 'customers.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const { page, context } = await newPage(browser);
    const send = new SendPage(page);
    await send.signIn(gateway.url('/login'));
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('combobox', { name: 'Sheet' }).waitFor();
    await send.message.fill('Hi');
    await send.submitButton.click();
    await send.shell.alert('Select the right sheet containing the needed data for this SMS').waitFor();
    await send.choose('Sheet', 'Notes');
    await send.shell.alert(/please provide heading "numbers" for the column holding the mobile numbers/).waitFor();
    await send.choose('Sheet', 'Customers');
    await page.getByText('Loaded 3 rows from Customers (customers.xlsx)').waitFor();
    // The typed fields are saved after a pause and the sheet once read: wait for both, then reload.
    type Draft = { fields: { subtype?: string; senderId?: string } };
    await expect
      .poll(async () => (await storedRecords<Draft>(page, 'drafts'))[0]?.fields)
      .toMatchObject({ subtype: 'personalized', senderId: 'DEMO' });
    await expect.poll(async () => (await storedRecords(page, 'draftSheets')).length).toBe(2);
    await page.reload();
    await page.getByText('Loaded 3 rows from Customers (customers.xlsx)').waitFor();
    await expect.poll(() => send.recipientCount.textContent()).toBe('3 recipients');
    expect(await send.selectValue('Sub-type')).toBe('Personalized');
    await send.message.fill('Hi ');
    await send.choose('Insert a field', 'Name');
    await send.message.press('End');
    await send.message.pressSequentially(', you owe GHS ');
    await send.choose('Insert a field', 'Amount due');
    await expect.poll(() => send.message.inputValue()).toBe('Hi {Name}, you owe GHS {Amount due}');
    await expect.poll(() => send.recipientCount.textContent()).toBe('3 recipients');
    await send.submitButton.click();
    await send.shell.alert('Messages sent successfully').waitFor();
    const texts = await Promise.all(
      people.map(
        async ([number]) =>
          (
            await eventually(
              () => carrierMessages(gateway, String(number)),
              (m) => m.length > 0,
              15_000,
            )
          )[0]!.text,
      ),
    );
    expect(texts).toEqual(['Hi Ama, you owe GHS 1,234.5', 'Hi Kofi, you owe GHS 20', 'Hi Esi, you owe GHS 1,000,000']);
    // Sent: the form is back to its defaults and the kept sheet is gone with the draft.
    await expect.poll(async () => (await storedRecords(page, 'draftSheets')).length).toBe(0);
    await context.close();
  });

  it('refuses files that are not spreadsheets', async () => {
    const { page, context } = await newPage(browser);
    const send = new SendPage(page);
    await send.signIn(gateway.url('/login'));
    await send.choose('Contact source', 'Excel or CSV file');
    const file = join(dir, 'photo.png');
    writeFileSync(file, 'not an image either');
    await page.locator('input[type="file"]').setInputFiles(file);
    await send.shell.alert('Kindly select an excel file').waitFor();
    await context.close();
  });

  it('sends 300 personalized messages in batches of 100 after HTTP 413, with the SPEC 8 alerts, each recipient its own text once', async () => {
    const base = prefix();
    const numberOf = (i: number) => `233${base + i * 10 + 1}`;
    const rows = Array.from({ length: 300 }, (_, i) => `${numberOf(i)},Customer ${i}`);
    const file = join(dir, 'many.csv');
    writeFileSync(file, ['numbers,name', ...rows].join('\n'));
    const textFor = (i: number) =>
      `Hello Customer ${i}, thank you for shopping with us this month. Show this SMS at the till for a free gift.`;

    const { page, context } = await newPage(browser);
    const send = new SendPage(page);
    await send.signIn(gateway.url('/login'));
    await send.choose('Sender ID', 'ALERTS');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText('Loaded 300 rows from Sheet1 (many.csv)').waitFor();
    await send.message.fill(
      'Hello {name}, thank you for shopping with us this month. Show this SMS at the till for a free gift.',
    );
    await expect.poll(() => send.recipientCount.textContent()).toBe('300 recipients');
    await send.submitButton.click();
    await send.shell
      .alert('Kindly keep the browser open while we send the messages in batches for you. Thank you')
      .waitFor({ timeout: 20_000 });
    // Progress is stored after every acknowledged batch: the bar moves 100 recipients at a time.
    await page.getByText('Sending: 100 of 300 recipients').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('progressbar', { name: /^Progress of/ }).getAttribute('aria-valuenow')).toBe('33');
    await send.shell.alert('Messages sent successfully, Thank you').waitFor({ timeout: 40_000 });
    await page.getByText('Sent to 300 recipients').waitFor();
    const [job] = await outboxJobs(page);
    expect(job).toMatchObject({ state: 'done', sent: 300, total: 300, split: true });
    expect(
      await eventually(
        () => carrierSummary(gateway, job!.id),
        (x) => x.total >= 300,
        20_000,
        'carrier summary',
      ),
    ).toEqual({ total: 300, unique: 300, duplicates: 0 });
    // Each of the 300 phones got exactly its own row's text: the first of every batch (0, 100, 200) included.
    const delivered = (await carrierMessagesOfJob(gateway, job!.id)).sort((a, b) => a.index - b.index);
    expect(delivered.map((m) => [m.index, m.to, m.text])).toEqual(
      Array.from({ length: 300 }, (_, i) => [i, numberOf(i), textFor(i)]),
    );
    expect((await carrierMessages(gateway, numberOf(100))).map((m) => m.text)).toEqual([textFor(100)]);
    await context.close();
  });
});
