// Files as real programs write them; nothing dropped, mangled or guessed.
import { describe, expect, it } from 'vitest';
import { refusal } from './support/refusal';
import * as XLSX from 'xlsx';
import { openAndReadSingle, openBook, type SheetResult } from '../../../src/excel/parse-core';
import { numbersOf, rowsOf } from '../../../src/excel/sheet-table';
import { PROTECTED_FILE, TOO_MANY_ROWS, UNREADABLE_FILE } from '../../../src/excel/limits';
import { EMPTY_SHEET, FORMULAS_NOT_SAVED } from '../../../src/domain/contacts/excel-sheet';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';
import { bookBytes, rewriteXlsx, utf8, workbook } from './support/workbook-bytes';

const people = [['numbers', 'name'], ...Array.from({ length: 10 }, (_, i) => [`02412345${10 + i}`, `P${i}`])];

async function first(bytes: Uint8Array, name: string): Promise<SheetResult> {
  const answer = openAndReadSingle(await openBook(bytes, name));
  if (!answer.first) throw new Error(`no single sheet: ${answer.sheetNames.join(', ')}`);
  return answer.first;
}

async function loaded(bytes: Uint8Array, name: string) {
  const result = await first(bytes, name);
  if (!result.ok) throw new Error(result.message);
  return result;
}

const sheetXml = (edit: (xml: string) => string) => (name: string, xml: string) =>
  name.startsWith('xl/worksheets/') ? edit(xml) : xml;

describe('the cells that exist, whatever the declared range says', () => {
  it('reads 11 rows of a sheet declaring A1:B5, and says so', async () => {
    const bytes = rewriteXlsx(
      workbook({ S: people }),
      sheetXml((x) => x.replace(/<dimension ref="[^"]+"\/>/, '<dimension ref="A1:B5"/>')),
    );
    const result = await loaded(bytes, 'declared.xlsx');
    expect(numbersOf(result.table)).toEqual(people.slice(1).map((r) => r[0]));
    expect(result.notes).toEqual([
      'The file says this sheet ends at row 5, but it holds rows down to 11: all of them were read',
    ]);
  });

  it('reads a sheet declaring A1:Y1048576 with a few cells', async () => {
    const bytes = rewriteXlsx(
      workbook({ S: people.slice(0, 3) }),
      sheetXml((x) => x.replace(/<dimension ref="[^"]+"\/>/, '<dimension ref="A1:Y1048576"/>')),
    );
    expect((await loaded(bytes, 'excel.xlsx')).table.length).toBe(2);
  });

  it("ignores LibreOffice's styled empty cell at row 65,536", async () => {
    const bytes = rewriteXlsx(
      workbook({ S: people }),
      sheetXml((x) =>
        x
          .replace(/<dimension ref="[^"]+"\/>/, '<dimension ref="A1:AMJ65536"/>')
          .replace('</sheetData>', '<row r="65536"><c r="AMJ65536" s="0"/></row></sheetData>'),
      ),
    );
    expect((await loaded(bytes, 'libre.xlsx')).table.length).toBe(10);
  });

  it('still refuses more than 200,000 real rows', async () => {
    const rows = Array.from({ length: 200_002 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`);
    const bytes = rewriteXlsx(
      workbook({ S: [['numbers']] }),
      sheetXml((x) => x.replace(/<sheetData>.*<\/sheetData>/s, `<sheetData>${rows.join('')}</sheetData>`)),
    );
    const opened = await openBook(bytes, 'big.xlsx');
    expect(await refusal(async () => opened.readSheet('S'))).toBe(TOO_MANY_ROWS);
  });

  it.each([
    ['xlsx written from row 3', () => bookBytes(sheetFrom('A3'))],
    [
      'xlsx declaring A1 with two blank rows',
      () =>
        rewriteXlsx(
          bookBytes(sheetFrom('A3')),
          sheetXml((x) => x.replace(/<dimension ref="A3:/, '<dimension ref="A1:')),
        ),
    ],
    ['csv with two blank lines', () => utf8('\r\n,\r\nnumbers,name\r\n0241234510,P0\r\nTRUE,P1\r\n')],
  ])('finds the heading under blank rows (%s), naming sheet rows', async (_, bytes) => {
    const result = await loaded(bytes(), _.startsWith('csv') ? 'a.csv' : 'a.xlsx');
    expect(rowsOf(result.table)).toEqual([{ numbers: '0241234510', name: 'P0' }]);
    expect(result.setAside).toEqual([{ row: 5, value: 'TRUE', reason: NUMBER_REASONS.boolean }]);
  });
});

function sheetFrom(origin: string): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.sheet_add_aoa(
      XLSX.utils.aoa_to_sheet([]),
      [
        ['numbers', 'name'],
        ['0241234510', 'P0'],
        [true, 'P1'],
      ],
      { origin },
    ),
    'S',
  );
  return book;
}

describe('a second numbers column', () => {
  it('is refused, naming both', async () => {
    const result = await first(
      workbook({
        S: [
          ['Numbers', 'name', 'numbers'],
          ['0241234510', 'Ama', '0201234567'],
        ],
      }),
      'two.xlsx',
    );
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining('column A ("Numbers") and column C ("numbers")'),
    });
  });
});

describe('text as typed', () => {
  const expected = [
    { numbers: '0241234567', name: 'Ama' },
    { numbers: '+233201234567', name: 'Kofi' },
  ];

  it.each([
    ['CSV saved as .xls', 'portal.xls', 'numbers,name\r\n0241234567,Ama\r\n+233201234567,Kofi\r\n'],
    ['TSV saved as .xlsx', 'portal.xlsx', 'numbers\tname\n0241234567\tAma\n+233201234567\tKofi\n'],
    [
      'HTML table saved as .xls',
      'report.xls',
      '<html><body><table><tr><th>numbers</th><th>name</th></tr><tr><td>0241234567</td><td>Ama</td></tr><tr><td>+233201234567</td><td>Kofi</td></tr></table></body></html>',
    ],
    [
      'SpreadsheetML saved as .xls',
      'export.xls',
      `<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"><Table>
<Row><Cell><Data ss:Type="String">numbers</Data></Cell><Cell><Data ss:Type="String">name</Data></Cell></Row>
<Row><Cell><Data ss:Type="String">0241234567</Data></Cell><Cell><Data ss:Type="String">Ama</Data></Cell></Row>
<Row><Cell><Data ss:Type="String">+233201234567</Data></Cell><Cell><Data ss:Type="String">Kofi</Data></Cell></Row></Table></Worksheet></Workbook>`,
    ],
  ])('%s keeps leading zeros and +', async (_, name, text) => {
    expect(rowsOf((await loaded(utf8(text), name)).table)).toEqual(expected);
  });

  it("uses a number's formatted text when its format pads it with zeros", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['numbers', 'code']]);
    sheet.A2 = { t: 'n', v: 241234567, z: '0000000000' };
    sheet.B2 = { t: 'n', v: 42, z: '00000' };
    sheet.A3 = { t: 'n', v: 233201234567, z: '0' };
    sheet['!ref'] = 'A1:B3';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    expect(rowsOf((await loaded(bookBytes(book), 'padded.xlsx')).table)).toEqual([
      { numbers: '0241234567', code: '00042' },
      { numbers: '233201234567', code: '' },
    ]);
  });
});

describe('csv: encodings, separators, errors, punctuation', () => {
  const text = 'numbers,name\r\n0241234567,Ámà\r\n';
  const utf16 = (s: string, bigEndian: boolean, bom: boolean) => {
    const out: number[] = bom ? (bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : [];
    for (const ch of s) {
      const code = ch.charCodeAt(0);
      out.push(...(bigEndian ? [code >> 8, code & 0xff] : [code & 0xff, code >> 8]));
    }
    return new Uint8Array(out);
  };
  const utf32 = (s: string, bigEndian: boolean) => {
    const out: number[] = bigEndian ? [0, 0, 0xfe, 0xff] : [0xff, 0xfe, 0, 0];
    for (const ch of s) {
      const code = ch.codePointAt(0)!;
      const le = [code & 0xff, (code >> 8) & 0xff, (code >> 16) & 0xff, 0];
      out.push(...(bigEndian ? le.reverse() : le));
    }
    return new Uint8Array(out);
  };

  it.each([
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)])],
    ['UTF-16 LE with BOM', utf16(text, false, true)],
    ['UTF-16 BE with BOM', utf16(text, true, true)],
    ['UTF-16 LE without BOM', utf16(text, false, false)],
    ['UTF-32 LE', utf32(text, false)],
    ['UTF-32 BE', utf32(text, true)],
    ['Windows-1252', new Uint8Array([...utf8('numbers,name\r\n0241234567,'), 0xc1, 0x6d, 0xe0, 0x0d, 0x0a])],
  ])('decodes %s', async (_, bytes) => {
    expect(rowsOf((await loaded(bytes, 'list.csv')).table)).toEqual([{ numbers: '0241234567', name: 'Ámà' }]);
  });

  it.each([
    ['sep=; line', 'sep=;\r\nnumbers;name\r\n0241234567;Mensah, Ama\r\n'],
    ['semicolons', 'numbers;name\r\n0241234567;Mensah, Ama\r\n0201234567;Kofi\r\n'],
    ['tabs', 'numbers\tname\n0241234567\tMensah, Ama\n0201234567\tKofi\n'],
    ['pipes', 'numbers|name\n0241234567|Mensah, Ama\n0201234567|Kofi\n'],
  ])('understands %s', async (_, body) => {
    const rows = rowsOf((await loaded(utf8(body), 'list.csv')).table);
    expect(rows[0]).toEqual({ numbers: '0241234567', name: 'Mensah, Ama' });
  });

  it('refuses an unbalanced quote, naming its line', async () => {
    const body = 'numbers,name\n0241234567,Ama\n0201234567,"Kofi\n0271234567,Esi\n';
    expect(await refusal(() => openBook(utf8(body), 'list.csv'))).toMatch(/^Line 3 of this file has a quote/);
  });

  it('names the line after a sep= line', async () => {
    const body = 'sep=,\nnumbers,name\n0241234567,"Ama\n';
    expect(await refusal(() => openBook(utf8(body), 'list.csv'))).toMatch(/^Line 3 /);
  });

  it("takes pandas' .0 and thousands separators off", async () => {
    const body = 'numbers,name\n233241234567.0,Ama\n"233,201,234,567",Kofi\n';
    expect(numbersOf((await loaded(utf8(body), 'pandas.csv')).table)).toEqual(['233241234567', '233201234567']);
  });
});

describe('values that are not phone numbers', () => {
  it('are set aside with why and their row numbers, never sent', async () => {
    const result = await loaded(
      workbook({
        S: [
          ['numbers', 'name'],
          ['0241234567', 'Ama'],
          [true, 'Bool'],
          [new Date(Date.UTC(2024, 4, 1)), 'Date'],
          [-241234567, 'Negative'],
          [241234567.5, 'Fraction'],
          ['12345678901234567890', 'Long'],
          ['2.33241E+11', 'Lost'],
          ['call me', 'Letters'],
          [null, 'No number'],
        ],
      }),
      'mixed.xlsx',
    );
    expect(numbersOf(result.table)).toEqual(['0241234567']);
    expect(result.setAside).toEqual([
      { row: 3, value: 'TRUE', reason: NUMBER_REASONS.boolean },
      { row: 4, value: '2024-05-01', reason: NUMBER_REASONS.date },
      { row: 5, value: '-241234567', reason: NUMBER_REASONS.negative },
      { row: 6, value: '241234567.5', reason: NUMBER_REASONS.fraction },
      { row: 7, value: '12345678901234567890', reason: NUMBER_REASONS.tooLong },
      { row: 8, value: '2.33241E+11', reason: NUMBER_REASONS.scientific },
      { row: 9, value: 'call me', reason: NUMBER_REASONS.letters },
      { row: 10, value: '', reason: NUMBER_REASONS.missing },
    ]);
  });
});

describe('formulas and empty sheets', () => {
  const noResults = (bytes: Uint8Array) =>
    rewriteXlsx(
      bytes,
      sheetXml((x) => x.replace(/<c r="(A[23])"[^>]*>.*?<\/c>/g, '<c r="$1"><f>B$1&amp;"1"</f></c>')),
    );

  it('says the numbers are formulas without saved results (files written by code)', async () => {
    const bytes = noResults(workbook({ S: people.slice(0, 3) }));
    expect(await first(bytes, 'openpyxl.xlsx')).toEqual({ ok: false, sheet: 'S', message: FORMULAS_NOT_SAVED });
  });

  it('sets aside the rows whose number is a formula without a result', async () => {
    const result = await loaded(noResults(workbook({ S: people.slice(0, 4) })), 'mixed.xlsx');
    expect(result.table.length).toBe(1);
    expect(result.setAside.map((s) => [s.row, s.reason])).toEqual([
      [2, NUMBER_REASONS.formula],
      [3, NUMBER_REASONS.formula],
    ]);
  });

  it('says a sheet with only the heading is empty', async () => {
    expect(await first(workbook({ S: [['numbers', 'name']] }), 'e.xlsx')).toMatchObject({ message: EMPTY_SHEET });
    expect(await first(utf8('numbers,name\r\n\r\n'), 'e.csv')).toMatchObject({ message: EMPTY_SHEET });
  });
});

describe('sheets offered, protected files', () => {
  it('offers only visible sheets, and reads every one without parsing the file again', async () => {
    const bytes = rewriteXlsx(
      workbook({ Hidden: [['x']], Customers: people, Secret: [['y']], Other: people.slice(0, 2) }),
      (name, xml) =>
        name === 'xl/workbook.xml'
          ? xml
              .replace(/(<sheet name="Hidden")/, '$1 state="hidden"')
              .replace(/(<sheet name="Secret")/, '$1 state="veryHidden"')
          : xml,
    );
    const book = await openBook(bytes, 'hidden.xlsx');
    expect(book.sheetNames).toEqual(['Customers', 'Other']);
    bytes.fill(0);
    expect(book.readSheet('Other')).toMatchObject({ ok: true, sheet: 'Other' });
    expect(book.readSheet('Customers')).toMatchObject({ ok: true, sheet: 'Customers' });
  });

  it('says a password-protected file is protected', async () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(
      cfb,
      '/EncryptionInfo',
      new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0, ...new Array(200).fill(0)]),
    );
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', new Uint8Array(600));
    const bytes = new Uint8Array(XLSX.CFB.write(cfb, { type: 'array' }) as number[]);
    expect(await refusal(() => openBook(bytes, 'secret.xlsx'))).toBe(PROTECTED_FILE);
  });

  it('says a zip with encrypted entries is protected, and junk is unreadable', async () => {
    const bytes = workbook({ S: people });
    const view = new DataView(bytes.buffer);
    const directory = view.getUint32(bytes.byteLength - 22 + 16, true);
    view.setUint16(directory + 8, view.getUint16(directory + 8, true) | 1, true);
    expect(await refusal(() => openBook(bytes, 'zipcrypto.xlsx'))).toBe(PROTECTED_FILE);
    expect(await refusal(() => openBook(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), 'junk.xlsx'))).toBe(
      UNREADABLE_FILE,
    );
    const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(await refusal(() => openBook(picture, 'photo.xls'))).toBe(UNREADABLE_FILE);
  });
});
