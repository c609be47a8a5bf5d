// Files as people's programs write them, read the way the people who wrote them would expect: a
// heading with a zero-width space, a number broken over two lines of its cell, a CSV with a NUL in a
// name, numbers that are #REF! errors, no "numbers" heading, contacts on a sheet not named Sheet1.
import { describe, expect, it } from 'vitest';
import { openAndReadSingle, openBook, type SheetResult } from '../../../src/excel/parse-core';
import { readContactsBook } from '../../../src/excel/contacts-sheet';
import { numbersOf, rowsOf } from '../../../src/excel/sheet-table';
import { UNREADABLE_FILE } from '../../../src/excel/limits';
import {
  NUMBERS_HEADING_MISSING,
  RENAME_CONTACT_SHEET,
  numbersAreErrors,
} from '../../../src/domain/contacts/excel-sheet';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';
import { refusal } from './support/refusal';
import { rewriteXlsx, utf8, workbook } from './support/workbook-bytes';

async function first(bytes: Uint8Array, name: string): Promise<SheetResult> {
  const answer = openAndReadSingle(await openBook(bytes, name));
  if (!answer.first) throw new Error(`no single sheet: ${answer.sheetNames.join(', ')}`);
  return answer.first;
}

const sheetXml = (edit: (xml: string) => string) => (name: string, xml: string) =>
  name.startsWith('xl/worksheets/') ? edit(xml) : xml;

describe('cells and headings as other programs leave them', () => {
  it('reads a "numbers" heading followed by a zero-width space (copied from a web page)', async () => {
    const result = await first(
      workbook({
        S: [
          ['numbers\u200b', 'name'],
          ['0241234567', 'Ama'],
        ],
      }),
      'zw.xlsx',
    );
    expect(result.ok && numbersOf(result.table)).toEqual(['0241234567']);
    expect(result.ok && result.headings).toEqual(['numbers', 'name']);
  });

  it('reads a number broken over two lines of its cell, and keeps two whole numbers set aside', async () => {
    const bytes = workbook({
      S: [
        ['numbers', 'name'],
        ['024 123\n4567', 'Ama'],
        ['0241234567\n0201234567', 'Two'],
      ],
    });
    const result = await first(bytes, 'wrapped.xlsx');
    if (!result.ok) throw new Error(result.message);
    expect(numbersOf(result.table)).toEqual(['0241234567']);
    expect(result.setAside).toEqual([{ row: 3, value: '0241234567\n0201234567', reason: NUMBER_REASONS.several }]);
  });

  it('reads a CSV with a NUL byte in a name, dropping the NUL; a picture renamed is still refused', async () => {
    const bytes = utf8('numbers,name\r\n0241234567,Ama\u0000 Mensah\r\n0201234567,Kofi\r\n');
    const result = await first(bytes, 'export.csv');
    if (!result.ok) throw new Error(result.message);
    expect(rowsOf(result.table)).toEqual([
      { numbers: '0241234567', name: 'Ama Mensah' },
      { numbers: '0201234567', name: 'Kofi' },
    ]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(await refusal(() => openBook(png, 'photo.csv'))).toBe(UNREADABLE_FILE);
  });

  it('names #REF! numbers (broken cell references) for what they are', async () => {
    const broken = rewriteXlsx(
      workbook({
        S: [
          ['numbers', 'name'],
          ['0241234567', 'Ama'],
          ['0201234567', 'Kofi'],
        ],
      }),
      sheetXml((x) =>
        x
          .replace(/<c r="A2"[^>]*>.*?<\/c>/, '<c r="A2" t="e"><f>Sheet2!A1</f><v>#REF!</v></c>')
          .replace(/<c r="A3"[^>]*>.*?<\/c>/, '<c r="A3" t="e"><f>#REF!+1</f><v>#REF!</v></c>'),
      ),
    );
    expect(await first(broken, 'broken.xlsx')).toEqual({
      ok: false,
      sheet: 'S',
      message: numbersAreErrors(['#REF!', '#REF!']),
    });
  });
});

describe('choices beside the spreadsheet messages', () => {
  const phones = workbook({
    Sheet1: [
      ['Name', 'Phone'],
      ['Ama', '0241234567'],
      ['Kofi', '0201234567'],
    ],
  });

  it('offers the columns when no heading says "numbers", and reads the one chosen', async () => {
    const book = await openBook(phones, 'phones.xlsx');
    expect(book.readSheet('Sheet1')).toEqual({
      ok: false,
      sheet: 'Sheet1',
      message: NUMBERS_HEADING_MISSING,
      columns: [
        { index: 1, letter: 'B', heading: 'Phone', phone: true },
        { index: 0, letter: 'A', heading: 'Name', phone: false },
      ],
    });
    const chosen = book.readSheet('Sheet1', undefined, { numbersColumn: 1 });
    if (!chosen.ok) throw new Error(chosen.message);
    expect(rowsOf(chosen.table)).toEqual([
      { Name: 'Ama', numbers: '0241234567' },
      { Name: 'Kofi', numbers: '0201234567' },
    ]);
    expect(chosen.headings).toEqual(['Name', 'numbers']);
    expect(chosen.notes).toEqual(['The mobile numbers were read from Column B ("Phone")']);
  });

  it('refuses contacts that are not on Sheet1 with the Sheet1 message and the sheets to choose from', async () => {
    const book = workbook({
      Customers: [
        ['Name', 'Phone'],
        ['Ama', '0241234567'],
      ],
      Notes: [['x']],
    });
    expect(await readContactsBook(book, 'customers.xlsx')).toEqual({
      ok: false,
      message: RENAME_CONTACT_SHEET,
      sheetNames: ['Customers', 'Notes'],
    });
    const chosen = await readContactsBook(book, 'customers.xlsx', undefined, 'Customers');
    if (!chosen.ok) throw new Error(chosen.message);
    expect(chosen.sheet.table.length).toBe(1);
    expect(chosen.sheet.table.columns[4]).toEqual(['233241234567']);
  });

  it('sets aside a contact whose phone is #REF!, naming the broken reference', async () => {
    const broken = rewriteXlsx(
      workbook({
        Sheet1: [
          ['Name', 'Phone'],
          ['Ama', '0241234567'],
          ['Kofi', '0201234567'],
        ],
      }),
      sheetXml((x) => x.replace(/<c r="B3"[^>]*>.*?<\/c>/, '<c r="B3" t="e"><f>Old!B3</f><v>#REF!</v></c>')),
    );
    const read = await readContactsBook(broken, 'contacts.xlsx');
    if (!read.ok) throw new Error(read.message);
    expect(read.sheet.table.length).toBe(1);
    expect(read.sheet.setAside).toEqual([{ row: 3, reason: NUMBER_REASONS.brokenReference }]);
  });
});
