import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import type { Locator, Page } from 'playwright-core';

/** Clicks an export button and reads the first sheet of the Excel file it downloads: the sheet and its rows. */
export async function downloadedSheet<Row extends unknown[] = string[]>(page: Page, exportButton: Locator) {
  const download = page.waitForEvent('download');
  await exportButton.click();
  const file = await (await download).path();
  const book = XLSX.read(readFileSync(file!), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return { sheet, rows: XLSX.utils.sheet_to_json<Row>(sheet, { header: 1 }) };
}
