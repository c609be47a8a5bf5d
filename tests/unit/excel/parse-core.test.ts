import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { openAndReadSingle, openBook, SpreadsheetError, type SheetResult } from '../../../src/excel/parse-core';
import { numbersOf, rowsOf } from '../../../src/excel/sheet-table';
import { FILE_TOO_BIG, MAX_FILE_BYTES, MAX_ROWS, TOO_MANY_CELLS, TOO_MANY_ROWS } from '../../../src/excel/limits';
import { NUMBERS_HEADING_MISSING } from '../../../src/domain/excel-sheet';

function workbook(sheets: Record<string, unknown[][]>, bookType: XLSX.BookType = 'xlsx'): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

const csv = (text: string) => new TextEncoder().encode(text);

/** The rows as readSendSheet gave them, rebuilt from the columns that cross from the worker. */
const withRows = (r: SheetResult | null) =>
  r?.ok ? { ok: r.ok, sheet: r.sheet, headings: r.headings, rows: rowsOf(r.table) } : r;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('openBook: xlsx', () => {
  const customers = [
    [' Numbers\n', 'First name', 'Balance', 'Joined'],
    [233241000001, 'Ama', 1234567.5, new Date(Date.UTC(2024, 4, 1))],
    ['0241 000 002', 'Kofi', 12, null],
    [null, 'No number', 1, null],
  ];

  it('reads a single sheet at once: headings cleaned, numbers bare, other numbers grouped, dates as days', () => {
    const progress: number[] = [];
    const answer = openAndReadSingle(
      openBook(workbook({ Customers: customers }), 'list.xlsx', (f) => progress.push(f)),
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

  it('asks for a sheet when there are two, and reads the chosen one', () => {
    const book = openBook(workbook({ Notes: [['nothing here']], Customers: customers }), 'two.xlsx');
    const answer = openAndReadSingle(book);
    expect(answer).toEqual({ sheetNames: ['Notes', 'Customers'], first: null });
    expect(book.readSheet('Notes')).toEqual({ ok: false, sheet: 'Notes', message: NUMBERS_HEADING_MISSING });
    const chosen = book.readSheet('Customers');
    expect(chosen.ok && chosen.table.length).toBe(2);
    expect(chosen.ok && numbersOf(chosen.table)).toEqual(['233241000001', '0241000002']);
  });

  it('refuses a sheet without a numbers heading with the SPEC message', () => {
    const answer = openAndReadSingle(
      openBook(
        workbook({
          Sheet1: [
            ['phone', 'name'],
            ['024', 'Ama'],
          ],
        }),
        'a.xlsx',
      ),
    );
    expect(answer.first).toEqual({ ok: false, sheet: 'Sheet1', message: NUMBERS_HEADING_MISSING });
  });

  it.each<[string, XLSX.BookType]>([
    ['old.xls', 'biff8'],
    ['sheet.xml', 'xlml'],
    ['macro.xlsm', 'xlsm'],
  ])('reads %s too', (name, bookType) => {
    const answer = openAndReadSingle(
      openBook(
        workbook(
          {
            S: [
              ['numbers', 'name'],
              ['0241', 'Ama'],
            ],
          },
          bookType,
        ),
        name,
      ),
    );
    expect(withRows(answer.first)).toMatchObject({ ok: true, rows: [{ numbers: '0241', name: 'Ama' }] });
  });

  it('ignores error cells', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['numbers', 'x'],
      ['1', 'a'],
    ]);
    sheet.B2 = { t: 'e', v: 0x2a };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(withRows(openAndReadSingle(openBook(bytes, 'e.xlsx')).first)).toMatchObject({
      ok: true,
      rows: [{ numbers: '1', x: '' }],
    });
  });
});

describe('openBook: csv', () => {
  it('reads csv as one sheet, keeping leading zeros', () => {
    const answer = openAndReadSingle(
      openBook(csv('\uFEFFnumbers,name\r\n0241000001,"Mensah, Ama"\r\n\r\n0241000002,Kofi\r\n'), 'list.csv'),
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
  it('refuses other file types with the SPEC message', () => {
    expect(refusal(() => openBook(csv('x'), 'photo.png'))).toBe('Kindly select an excel file');
  });

  it('refuses files over the size cap before reading them', () => {
    expect(refusal(() => openBook(new Uint8Array(MAX_FILE_BYTES + 1), 'huge.csv'))).toBe(FILE_TOO_BIG);
  });

  it('refuses csv files over the row cap', () => {
    const lines = ['numbers', ...Array.from({ length: MAX_ROWS + 1 }, (_, i) => String(i))].join('\n');
    expect(refusal(() => openBook(csv(lines), 'rows.csv'))).toBe(TOO_MANY_ROWS);
  });

  it('accepts exactly the row cap', () => {
    const lines = ['numbers', ...Array.from({ length: MAX_ROWS }, (_, i) => String(i))].join('\n');
    const answer = openAndReadSingle(openBook(csv(lines), 'rows.csv'));
    expect(answer.first?.ok && answer.first.table.length).toBe(MAX_ROWS);
  });

  it('refuses xlsx sheets over the row cap', { timeout: 60_000 }, () => {
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
    const opened = openBook(bytes, 'big.xlsx');
    expect(refusal(() => opened.readSheet('Big'))).toBe(TOO_MANY_ROWS);
  });

  it('refuses a sheet so wide it cannot be a contact list', () => {
    // SpreadsheetML 2003 (.xml): a cell in the last column of row 400 makes the sheet 16,384 x 400.
    const xml = `<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
<Worksheet ss:Name="Wide"><Table><Row><Cell><Data ss:Type="String">numbers</Data></Cell></Row>
<Row ss:Index="400"><Cell ss:Index="16384"><Data ss:Type="String">far away</Data></Cell></Row></Table></Worksheet></Workbook>`;
    expect(refusal(() => openBook(csv(xml), 'wide.xml').readSheet('Wide'))).toBe(TOO_MANY_CELLS);
  });
});
