import { describe, expect, it } from 'vitest';
import { refusal } from './support/refusal';
import * as XLSX from 'xlsx';
import { openAndReadSingle, openBook, type SheetResult } from '../../../src/excel/parse-core';
import { numbersOf, rowsOf } from '../../../src/excel/sheet-table';
import { FILE_TOO_BIG, MAX_FILE_BYTES, MAX_ROWS, TOO_MANY_CELLS, TOO_MANY_ROWS } from '../../../src/excel/limits';
import { NUMBERS_HEADING_MISSING } from '../../../src/domain/contacts/excel-sheet';

import { workbook, utf8 as csv } from './support/workbook-bytes';

/** The rows as readSendSheet gave them, rebuilt from the columns that cross from the worker. */
const withRows = (r: SheetResult | null) =>
  r?.ok ? { ok: r.ok, sheet: r.sheet, headings: r.headings, rows: rowsOf(r.table) } : r;

describe('openBook: xlsx', () => {
  const customers = [
    [' Numbers\n', 'First name', 'Balance', 'Joined'],
    [233241000001, 'Ama', 1234567.5, new Date(Date.UTC(2024, 4, 1))],
    ['0241 000 002', 'Kofi', 12, null],
    [null, 'No number', 1, null],
  ];

  it('reads a single sheet at once: headings cleaned, numbers bare, other numbers grouped, dates as days', async () => {
    const progress: number[] = [];
    const answer = openAndReadSingle(
      await openBook(workbook({ Customers: customers }), 'list.xlsx', (f) => progress.push(f)),
      (f) => progress.push(f),
    );
    expect(answer.sheetNames).toEqual(['Customers']);
    expect(withRows(answer.first)).toEqual({
      ok: true,
      sheet: 'Customers',
      headings: ['Numbers', 'First name', 'Balance', 'Joined'],
      rows: [
        { numbers: '233241000001', 'First name': 'Ama', Balance: '1,234,567.5', Joined: '2024-05-01' },
        { numbers: '0241000002', 'First name': 'Kofi', Balance: '12', Joined: '' },
      ],
    });
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('asks for a sheet when there are two, and reads the chosen one', async () => {
    const book = await openBook(workbook({ Notes: [['nothing here']], Customers: customers }), 'two.xlsx');
    const answer = openAndReadSingle(book);
    expect(answer).toEqual({ sheetNames: ['Notes', 'Customers'], first: null });
    expect(book.readSheet('Notes')).toEqual({
      ok: false,
      sheet: 'Notes',
      message: NUMBERS_HEADING_MISSING,
      columns: [{ index: 0, letter: 'A', heading: 'nothing here', phone: false }],
    });
    const chosen = book.readSheet('Customers');
    expect(chosen.ok && chosen.table.length).toBe(2);
    expect(chosen.ok && numbersOf(chosen.table)).toEqual(['233241000001', '0241000002']);
  });

  it("refuses a sheet without a numbers heading with the product's message", async () => {
    const answer = openAndReadSingle(
      await openBook(
        workbook({
          Sheet1: [
            ['phone', 'name'],
            ['024', 'Ama'],
          ],
        }),
        'a.xlsx',
      ),
    );
    // The heading's message, and beside it the columns to choose from: "phone" (a phone heading) first.
    expect(answer.first).toEqual({
      ok: false,
      sheet: 'Sheet1',
      message: NUMBERS_HEADING_MISSING,
      columns: [
        { index: 0, letter: 'A', heading: 'phone', phone: true },
        { index: 1, letter: 'B', heading: 'name', phone: false },
      ],
    });
  });

  it.each<[string, XLSX.BookType]>([
    ['old.xls', 'biff8'],
    ['sheet.xml', 'xlml'],
    ['macro.xlsm', 'xlsm'],
  ])('reads %s too', async (name, bookType) => {
    const answer = openAndReadSingle(
      await openBook(
        workbook(
          {
            S: [
              ['numbers', 'name'],
              ['0241000001', 'Ama'],
            ],
          },
          bookType,
        ),
        name,
      ),
    );
    expect(withRows(answer.first)).toMatchObject({ ok: true, rows: [{ numbers: '0241000001', name: 'Ama' }] });
  });

  it('ignores error cells', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['numbers', 'x'],
      ['0241000009', 'a'],
    ]);
    sheet.B2 = { t: 'e', v: 0x2a };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(withRows(openAndReadSingle(await openBook(bytes, 'e.xlsx')).first)).toMatchObject({
      ok: true,
      rows: [{ numbers: '0241000009', x: '' }],
    });
  });
});

describe('openBook: csv', () => {
  it('reads csv as one sheet, keeping leading zeros', async () => {
    const answer = openAndReadSingle(
      await openBook(csv('\uFEFFnumbers,name\r\n0241000001,"Mensah, Ama"\r\n\r\n0241000002,Kofi\r\n'), 'list.csv'),
    );
    expect({ ...answer, first: withRows(answer.first) }).toEqual({
      sheetNames: ['Sheet1'],
      first: {
        ok: true,
        sheet: 'Sheet1',
        headings: ['numbers', 'name'],
        rows: [
          { numbers: '0241000001', name: 'Mensah, Ama' },
          { numbers: '0241000002', name: 'Kofi' },
        ],
      },
    });
  });
});

describe('openBook: hostile files', () => {
  it("refuses other file types with the product's message", async () => {
    expect(await refusal(() => openBook(csv('x'), 'photo.png'))).toBe('Kindly select an excel file');
  });

  it('refuses files over the size cap before reading them', async () => {
    expect(await refusal(() => openBook(new Uint8Array(MAX_FILE_BYTES + 1), 'huge.csv'))).toBe(FILE_TOO_BIG);
  });

  it('refuses csv files over the row cap', async () => {
    const lines = ['numbers', ...Array.from({ length: MAX_ROWS + 1 }, (_, i) => String(i))].join('\n');
    expect(await refusal(() => openBook(csv(lines), 'rows.csv'))).toBe(TOO_MANY_ROWS);
  });

  it('accepts exactly the row cap', async () => {
    const lines = ['numbers', ...Array.from({ length: MAX_ROWS }, (_, i) => String(233240000000 + i))].join('\n');
    const answer = openAndReadSingle(await openBook(csv(lines), 'rows.csv'));
    expect(answer.first?.ok && answer.first.table.length).toBe(MAX_ROWS);
  });

  it('refuses xlsx sheets over the row cap', { timeout: 60_000 }, async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['numbers']]);
    XLSX.utils.sheet_add_aoa(
      sheet,
      Array.from({ length: MAX_ROWS + 1 }, (_, i) => [i]),
      { origin: 'A2' },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Big');
    const bytes = new Uint8Array(
      XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer,
    );
    const opened = await openBook(bytes, 'big.xlsx');
    expect(await refusal(() => opened.readSheet('Big'))).toBe(TOO_MANY_ROWS);
  });

  it('refuses a sheet so wide it cannot be a contact list', async () => {
    // SpreadsheetML 2003 (.xml): a cell in the last column of row 400 makes the sheet 16,384 x 400.
    const xml = `<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
<Worksheet ss:Name="Wide"><Table><Row><Cell><Data ss:Type="String">numbers</Data></Cell></Row>
<Row ss:Index="400"><Cell ss:Index="16384"><Data ss:Type="String">far away</Data></Cell></Row></Table></Worksheet></Workbook>`;
    expect(await refusal(async () => (await openBook(csv(xml), 'wide.xml')).readSheet('Wide'))).toBe(TOO_MANY_CELLS);
  });
});
