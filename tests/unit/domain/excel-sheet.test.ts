import { describe, expect, it } from 'vitest';
import {
  NUMBERS_HEADING_MISSING,
  RENAME_CONTACT_SHEET,
  SELECT_SHEET,
  EMPTY_SHEET,
  FORMULAS_NOT_SAVED,
  FORMULA_CELLS_EMPTY,
  columnLetters,
  contactSheetError,
  contactSheetName,
  findNumbersColumn,
  formatCell,
  normalizeHeading,
  readSendSheet,
  sheetChoiceError,
  withThousandsSeparators,
} from '../../../src/domain/contacts/excel-sheet';
import {
  SELECT_EXCEL_FILE,
  SELECT_IMAGE_FILE,
  imageFileError,
  isImageFile,
  isSpreadsheetFile,
  spreadsheetFileError,
} from '../../../src/domain/contacts/file-types';
import { NUMBER_REASONS, UNSAVED_FORMULA } from '../../../src/domain/contacts/sheet-number';

describe('file types', () => {
  it.each([
    ['contacts.xlsx', true],
    ['C.XLSM', true],
    ['old.xls', true],
    ['data.xml', true],
    ['list.csv', false],
    ['xlsx', false],
    ['', false],
    ['archive.xlsx.zip', false],
  ])('spreadsheet %j: %s', (name, ok) => {
    expect(isSpreadsheetFile(name)).toBe(ok);
  });

  it.each([
    ['logo.png', true],
    ['photo.JPG', true],
    ['a.jpeg', true],
    ['a.gif', true],
    ['scan.tiff', true],
    ['a.bmp', true],
    ['a.svg', false],
    ['a.webp', false],
  ])('image %j: %s', (name, ok) => {
    expect(isImageFile(name)).toBe(ok);
  });

  it("gives the product's texts for a wrong or missing file", () => {
    expect(spreadsheetFileError('a.pdf')).toBe('Kindly select an excel file');
    expect(spreadsheetFileError(null)).toBe(SELECT_EXCEL_FILE);
    expect(spreadsheetFileError('a.xlsx')).toBeNull();
    expect(imageFileError('a.pdf')).toBe('Kindly select an image file');
    expect(imageFileError(undefined)).toBe(SELECT_IMAGE_FILE);
    expect(imageFileError('a.png')).toBeNull();
  });
});

describe('headings', () => {
  it.each([
    ['  numbers ', 'numbers'],
    ['first\nname', 'firstname'],
    ['\r\nNumbers\r\n', 'Numbers'],
    [42, '42'],
    [null, ''],
  ])('%j -> %j', (heading, expected) => {
    expect(normalizeHeading(heading)).toBe(expected);
  });

  it.each([
    [['name', 'numbers'], 1],
    [['Numbers\n'], 0],
    [[' NUMBERS '], 0],
    [['number', 'phone'], -1],
    [[], -1],
  ])('finds numbers in %j at %d', (headings, index) => {
    expect(findNumbersColumn(headings)).toBe(index);
  });
});

describe('cells', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [1234.5, '1,234.5'],
    [-1234567.25, '-1,234,567.25'],
    [0.1 + 0.2, '0.30000000000000004'],
  ])('%d -> %s', (value, expected) => {
    expect(withThousandsSeparators(value)).toBe(expected);
  });

  it('leaves phone numbers bare and groups other numbers', () => {
    expect(formatCell(233241234567, true)).toBe('233241234567');
    expect(formatCell('024 123 4567', true)).toBe('0241234567');
    expect(formatCell(1500, false)).toBe('1,500');
    expect(formatCell('  Ama ', false)).toBe('Ama');
    expect(formatCell(undefined, false)).toBe('');
    expect(formatCell(new Date('2025-01-01T00:00:00Z'), false)).toBe('2025-01-01');
  });
});

describe('readSendSheet', () => {
  it('refuses a sheet without a numbers heading', () => {
    // The heading's message, with the columns a user may name instead (phone-like headings first).
    expect(readSendSheet([['name', 'Phone']])).toEqual({
      ok: false,
      message: NUMBERS_HEADING_MISSING,
      columns: [
        { index: 1, letter: 'B', heading: 'Phone', phone: true },
        { index: 0, letter: 'A', heading: 'name', phone: false },
      ],
    });
    expect(readSendSheet([])).toEqual({ ok: false, message: NUMBERS_HEADING_MISSING, columns: [] });
    expect(NUMBERS_HEADING_MISSING).toBe(
      'To load mobile numbers please provide heading "numbers" for the column holding the mobile numbers on the excel sheet',
    );
  });

  it('keys rows by clean headings and sets aside rows without a number, with their sheet row', () => {
    const result = readSendSheet([
      [' Numbers', 'first\nname', '', 'balance'],
      [241234567, 'Ama', 'ignored', 1250],
      ['', 'NoNumber', '', 1],
      ['0201234567', 'Kofi'],
    ]);
    expect(result).toEqual({
      ok: true,
      headings: ['Numbers', 'firstname', '', 'balance'],
      rows: [
        { numbers: '241234567', firstname: 'Ama', balance: '1,250' },
        { numbers: '0201234567', firstname: 'Kofi', balance: '' },
      ],
      setAside: [{ row: 3, value: '', reason: NUMBER_REASONS.missing }],
      notes: [],
    });
  });

  it('finds the headings under blank rows, skips blank rows, and names sheet rows', () => {
    const result = readSendSheet([[], [null, '  '], ['numbers', 'name'], ['0241234567', 'Ama'], [], [true, 'Kofi']]);
    expect(result).toEqual({
      ok: true,
      headings: ['numbers', 'name'],
      rows: [{ numbers: '0241234567', name: 'Ama' }],
      setAside: [{ row: 6, value: 'TRUE', reason: NUMBER_REASONS.boolean }],
      notes: [],
    });
  });

  it('refuses two numbers columns, naming both', () => {
    const result = readSendSheet([
      ['numbers', 'name', 'Numbers '],
      ['0241234567', 'Ama', '0201234567'],
    ]);
    expect(result).toEqual({
      ok: false,
      message:
        '2 columns are headed "numbers": column A ("numbers") and column C ("Numbers"). Please keep the heading "numbers" on one column only, the one holding the mobile numbers',
    });
  });

  it('says a sheet with the heading and no rows is empty', () => {
    expect(readSendSheet([['numbers', 'name'], [], [null]])).toEqual({ ok: false, message: EMPTY_SHEET });
  });

  it('says so when the numbers are formulas without saved results, and when other cells are', () => {
    expect(readSendSheet([['numbers'], [UNSAVED_FORMULA], [UNSAVED_FORMULA]])).toEqual({
      ok: false,
      message: FORMULAS_NOT_SAVED,
    });
    expect(FORMULAS_NOT_SAVED).toContain('open and save the file in Excel, or paste values');
    expect(
      readSendSheet([
        ['numbers', 'total'],
        ['0241234567', UNSAVED_FORMULA],
      ]),
    ).toMatchObject({
      ok: true,
      rows: [{ numbers: '0241234567', total: '' }],
      notes: [FORMULA_CELLS_EMPTY],
    });
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 701, 16383].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'XFD']);
  });
});

describe('sheets', () => {
  it.each([
    [['Sheet1'], null, null],
    [['A', 'B'], null, SELECT_SHEET],
    [['A', 'B'], 'C', SELECT_SHEET],
    [['A', 'B'], 'B', null],
  ])('sheets %j chosen %j -> %s', (names, chosen, expected) => {
    expect(sheetChoiceError(names, chosen)).toBe(expected);
  });

  it('needs Sheet1 for contacts', () => {
    expect(contactSheetError(['Sheet1', 'Other'])).toBeNull();
    expect(contactSheetError(['Contacts'])).toBe(RENAME_CONTACT_SHEET);
    expect(contactSheetName(['Other', 'Sheet 1'])).toBe('Sheet 1');
    expect(contactSheetName(['sheet1'])).toBe('sheet1');
    expect(contactSheetName(['SHEET1', 'Sheet1'])).toBe('Sheet1');
    expect(contactSheetName(['Sheet2'])).toBeNull();
    expect(SELECT_SHEET).toBe('Select the right sheet containing the needed data for this SMS');
    expect(RENAME_CONTACT_SHEET).toBe(
      'Kindly change the name of the sheet containing the data you are trying to load to Sheet1',
    );
  });
});
