import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freshNumbers } from '../unit/support/phone-numbers';
import { DESKTOP, PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { downloadedSheet } from './support/downloads';
import { carrierMessages, eventually } from './support/carrier';

const NUMBERS_MESSAGE =
  'To load mobile numbers please provide heading "numbers" for the column holding the mobile numbers on the excel sheet';
const SHEET1_MESSAGE = 'Kindly change the name of the sheet containing the data you are trying to load to Sheet1';

describe('the spreadsheet messages, with a choice beside them', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  function xlsx(name: string, sheets: Record<string, unknown[][]>): string {
    const book = XLSX.utils.book_new();
    for (const [sheet, rows] of Object.entries(sheets))
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheet);
    const path = join(world.scratch, name);
    writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    return path;
  }
  const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it('at 1280 px: a sheet without a "numbers" heading offers its columns, "Phone" first, and sends to the one chosen; the template downloads', async () => {
    const [ama, kofi] = freshNumbers(2) as [string, string];
    const file = xlsx('phones.xlsx', {
      Sheet1: [
        ['Name', 'Phone'],
        ['Ama', ama],
        ['Kofi', kofi],
      ],
    });
    const { page, send } = await world.openSignedInKept({ viewport: DESKTOP });
    await send.choose('Contact source', 'Excel or CSV file');

    const template = await downloadedSheet(page, page.getByRole('button', { name: 'Download a template' }));
    expect(template.rows).toEqual([['numbers', 'firstname', 'surname']]);

    await send.choose('Sender ID', 'DEMO');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText(NUMBERS_MESSAGE).first().waitFor();
    const column = page.getByRole('combobox', { name: 'Column with the mobile numbers' });
    await column.click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Column B ("Phone"): looks like phone numbers', 'Column A ("Name")']);
    await page.getByRole('option', { name: 'Column B ("Phone"): looks like phone numbers' }).click();
    await page.getByText('Loaded 2 rows from Sheet1 (phones.xlsx)').waitFor();
    await page.getByText('The mobile numbers were read from Column B ("Phone")').waitFor();
    await page.screenshot({ path: 'test-results/screens/send-numbers-column-1280.png', fullPage: true });
    await send.message.fill('Column chosen');
    await send.submit();
    const texts = () => Promise.all([ama, kofi].map(async (to) => (await carrierMessages(world.gateway, to))[0]?.text));
    expect(await eventually(texts, (got) => got.every((t) => t === 'Column chosen'))).toEqual([
      'Column chosen',
      'Column chosen',
    ]);
  });

  it('at 390 px: contacts not on Sheet1 get the Sheet1 message and a choice of sheet, and load from the sheet chosen', async () => {
    const [ama, kofi] = freshNumbers(2) as [string, string];
    const file = xlsx('customers.xlsx', {
      Customers: [
        ['First name', 'Phone number'],
        ['Ama', ama],
        ['Kofi', kofi],
      ],
      Notes: [['nothing to load']],
    });
    const { page, send } = await world.openSignedInKept({ viewport: PHONE });
    await page.goto(world.gateway.url('/phonebook'));
    await page.getByLabel('New phone book').fill('From customers');
    await page.getByRole('button', { name: 'Create phone book' }).click();
    await page.getByRole('link', { name: 'From customers', exact: true }).click();
    await page.getByRole('heading', { name: 'Contacts of From customers' }).waitFor();
    await page.getByRole('button', { name: 'Load contacts from Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Load contacts from Excel' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText(SHEET1_MESSAGE).waitFor();
    await dialog.getByRole('combobox', { name: 'Sheet with the contacts' }).waitFor();
    expect(await width(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screens/contacts-sheet-choice-390.png' });
    await dialog.getByRole('combobox', { name: 'Sheet with the contacts' }).click();
    await page.getByRole('option', { name: 'Customers', exact: true }).click();
    await dialog.getByText('2 contacts ready to load').waitFor();
    await dialog.getByRole('button', { name: 'Load 2 contacts' }).click();
    await send.shell.alert('2 contacts loaded into From customers').waitFor();
    await page.getByText('Kofi', { exact: false }).first().waitFor();
  });
});
