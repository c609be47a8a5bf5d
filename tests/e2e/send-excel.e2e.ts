import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { freshNumbers } from '../unit/support/phone-numbers';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { outboxJobs, storedRecords } from './support/app-storage';
import { carrierMessages, carrierMessagesOfJob, carrierSummary, eventually } from './support/carrier';

describe('send SMS from a spreadsheet: sheet choice, personalized texts, batches after 413', () => {
  // A small body limit: 250 personalized messages (about 131 KB, each with its template) meet HTTP 413, a batch of 100 (about 52 KB) fits.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block', env: { MAX_BODY_BYTES: '60000' } });

  it('reads a two-sheet Excel file in a worker, asks for the sheet, keeps it through a reload, and sends each row its own text', async () => {
    const [ama, kofi, esi] = freshNumbers(3) as [string, string, string];
    const people = [
      [ama, 'Ama', 1234.5],
      [kofi, 'Kofi', 20],
      [esi, 'Esi', 1000000],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Notes'], ['not the list']]), 'Notes');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Numbers', 'Name', 'Amount due'], ...people]),
      'Customers',
    );
    const file = join(world.scratch, 'customers.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const { page, send } = await world.openSignedInKept();
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('combobox', { name: 'Sheet' }).waitFor();
    await send.message.fill('Hi');
    await send.submit();
    await send.shell.saidInline('Select the right sheet containing the needed data for this SMS');
    await send.choose('Sheet', 'Notes');
    await send.shell.saidInline(/please provide heading "numbers" for the column holding the mobile numbers/);
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
    await send.submit();
    await send.shell.alert('Messages sent successfully').waitFor();
    const texts = await Promise.all(
      people.map(
        async ([number]) =>
          (
            await eventually(
              () => carrierMessages(world.gateway, String(number)),
              (m) => m.length > 0,
              15_000,
            )
          )[0]!.text,
      ),
    );
    expect(texts).toEqual(['Hi Ama, you owe GHS 1,234.5', 'Hi Kofi, you owe GHS 20', 'Hi Esi, you owe GHS 1,000,000']);
    // Sent: the form is back to its defaults and the kept sheet is gone with the draft.
    await expect.poll(async () => (await storedRecords(page, 'draftSheets')).length).toBe(0);
  });

  it('refuses files that are not spreadsheets', async () => {
    const { page, send } = await world.openSignedInKept();
    await send.choose('Contact source', 'Excel or CSV file');
    const file = join(world.scratch, 'photo.png');
    writeFileSync(file, 'not an image either');
    await page.locator('input[type="file"]').setInputFiles(file);
    await send.shell.saidInline('Kindly select an excel file');
  });

  it('sends 300 personalized messages in batches of 100 after HTTP 413, with the batching alerts, each recipient its own text once', async () => {
    const recipients = freshNumbers(300);
    const numberOf = (i: number) => recipients[i]!;
    const rows = Array.from({ length: 300 }, (_, i) => `${numberOf(i)},Customer ${i}`);
    const file = join(world.scratch, 'many.csv');
    writeFileSync(file, ['numbers,name', ...rows].join('\n'));
    const textFor = (i: number) =>
      `Hello Customer ${i}, thank you for shopping with us this month. Show this SMS at the till for a free gift.`;

    const { page, send } = await world.openSignedInKept();
    await send.choose('Sender ID', 'ALERTS');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText('Loaded 300 rows from Sheet1 (many.csv)').waitFor();
    await send.message.fill(
      'Hello {name}, thank you for shopping with us this month. Show this SMS at the till for a free gift.',
    );
    await expect.poll(() => send.recipientCount.textContent()).toBe('300 recipients');
    await send.submit();
    await send.confirmSend();
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
        () => carrierSummary(world.gateway, job!.id),
        (x) => x.total >= 300,
        20_000,
        'carrier summary',
      ),
    ).toEqual({ total: 300, unique: 300, duplicates: 0 });
    // Each of the 300 phones got exactly its own row's text: the first of every batch (0, 100, 200) included.
    const delivered = (await carrierMessagesOfJob(world.gateway, job!.id)).sort((a, b) => a.index - b.index);
    expect(delivered.map((m) => [m.index, m.to, m.text])).toEqual(
      Array.from({ length: 300 }, (_, i) => [i, numberOf(i), textFor(i)]),
    );
    expect((await carrierMessages(world.gateway, numberOf(100))).map((m) => m.text)).toEqual([textFor(100)]);
  });
});
