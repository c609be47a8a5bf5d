// Reading a sheet for sending or for contacts (docs/product.md#spreadsheets).
import { formatAccra } from './dates';
import { NUMBER_REASONS, UNSAVED_FORMULA, cellAsTyped, checkSheetNumber } from './sheet-number';

export type SetAsideNumber = { row: number; value: string; reason: string };

export const SELECT_SHEET = 'Select the right sheet containing the needed data for this SMS';
export const NUMBERS_HEADING_MISSING =
  'To load mobile numbers please provide heading "numbers" for the column holding the mobile numbers on the excel sheet';
export const CONTACT_SHEET_NAME = 'Sheet1';
export const RENAME_CONTACT_SHEET =
  'Kindly change the name of the sheet containing the data you are trying to load to Sheet1';
export const NUMBERS_HEADING = 'numbers';

export const normalizeHeading = (heading: unknown): string =>
  String(heading ?? '')
    .replace(/[\r\n]+/g, '')
    .trim();

// Case-insensitive: "Numbers" and "NUMBERS" are what people type as a heading.
export function findNumbersColumn(headings: readonly unknown[]): number {
  return headings.findIndex((h) => normalizeHeading(h).toLowerCase() === NUMBERS_HEADING);
}

// Locale-free grouping, so the browser and the gateway write the same text.
export function withThousandsSeparators(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

// Phone numbers stay bare digits as pasted ones do; other numbers read better grouped; dates as Accra days.
export function formatCell(value: unknown, isNumbersColumn: boolean): string {
  if (value === null || value === undefined || value === UNSAVED_FORMULA) return '';
  if (value instanceof Date) return formatAccra(value, 'yyyy-MM-dd');
  if (isNumbersColumn) return String(value).replace(/\s+/g, '');
  if (typeof value === 'number') return withThousandsSeparators(value);
  return String(value).trim();
}

export const EMPTY_SHEET = 'This sheet has the "numbers" heading but no rows below it';
export const FORMULAS_NOT_SAVED =
  'The numbers on this sheet are formulas whose results were never saved, so there is nothing to read. Please open and save the file in Excel, or paste values, and load it again';
export const FORMULA_CELLS_EMPTY =
  'Some cells are formulas whose results were never saved; they are read as empty. Open and save the file in Excel, or paste values, to fill them';

/** A1-style column letters: 0 is A, 26 is AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function twoNumbersColumns(columns: readonly { index: number; heading: string }[]): string {
  const named = columns.map((c) => `column ${columnLetters(c.index)} ("${c.heading}")`).join(' and ');
  return `${columns.length} columns are headed "numbers": ${named}. Please keep the heading "numbers" on one column only, the one holding the mobile numbers`;
}

export type SendSheet = {
  ok: true;
  headings: string[];
  rows: Record<string, string>[];
  /** Rows whose number cannot be sent, with the sheet row (1 is the first) and why. */
  setAside: SetAsideNumber[];
  notes: string[];
};
export type SheetRows = SendSheet | { ok: false; message: string };

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
export const isBlankRow = (cells: readonly unknown[] | undefined): boolean => !cells || cells.every(isBlank);

/** The first row with anything in it: blank rows above the headings are how some programs write a sheet. */
export const headingRowOf = (table: ReadonlyArray<readonly unknown[]>): number =>
  table.findIndex((cells) => !isBlankRow(cells));

/**
 * The headings are the first filled row (`table[i]` is sheet row i + 1); blank rows are skipped; every
 * other row is a recipient when its number passes checkSheetNumber, else it is set aside with why.
 */
export function readSendSheet(table: ReadonlyArray<readonly unknown[]>): SheetRows {
  const headingAt = headingRowOf(table);
  const headings = (table[headingAt] ?? []).map(normalizeHeading);
  const numbersColumns = headings.flatMap((h, index) =>
    h.toLowerCase() === NUMBERS_HEADING ? [{ index, heading: h }] : [],
  );
  if (numbersColumns.length === 0) return { ok: false, message: NUMBERS_HEADING_MISSING };
  if (numbersColumns.length > 1) return { ok: false, message: twoNumbersColumns(numbersColumns) };
  const numbersAt = numbersColumns[0]!.index;
  // Each headed column and its row field: the numbers column's is always 'numbers'.
  const fields = headings.flatMap((h, i): [number, string][] =>
    h === '' ? [] : [[i, i === numbersAt ? NUMBERS_HEADING : h]],
  );
  const rows: Record<string, string>[] = [];
  const setAside: SetAsideNumber[] = [];
  let formulaCells = false;
  for (let r = headingAt + 1; r < table.length; r += 1) {
    const cells = table[r];
    if (isBlankRow(cells)) continue;
    const number = checkSheetNumber(cells![numbersAt]);
    if (!number.ok) {
      setAside.push({ row: r + 1, value: cellAsTyped(cells![numbersAt]), reason: number.reason });
      continue;
    }
    const row: Record<string, string> = {};
    for (const [i, key] of fields) {
      const cell = cells![i];
      if (cell === UNSAVED_FORMULA) formulaCells = true;
      row[key] = i === numbersAt ? number.number : formatCell(cell, false);
    }
    rows.push(row);
  }
  if (rows.length === 0 && setAside.length === 0) return { ok: false, message: EMPTY_SHEET };
  if (rows.length === 0 && setAside.every((s) => s.reason === NUMBER_REASONS.formula))
    return { ok: false, message: FORMULAS_NOT_SAVED };
  return { ok: true, headings, rows, setAside, notes: formulaCells ? [FORMULA_CELLS_EMPTY] : [] };
}

// Several sheets need the user's choice; one sheet is taken as it is.
export function sheetChoiceError(sheetNames: readonly string[], chosen: string | null | undefined): string | null {
  if (sheetNames.length <= 1) return null;
  return chosen && sheetNames.includes(chosen) ? null : SELECT_SHEET;
}

// Numbers and some exports write 'Sheet 1' or 'sheet1': the same sheet to the person who named it.
const sheetKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** The sheet that the Sheet1 rule means, however its case and spaces are written; null when there is none. */
export const contactSheetName = (sheetNames: readonly string[]): string | null =>
  sheetNames.find((n) => n === CONTACT_SHEET_NAME) ??
  sheetNames.find((n) => sheetKey(n) === sheetKey(CONTACT_SHEET_NAME)) ??
  null;

export function contactSheetError(sheetNames: readonly string[]): string | null {
  return contactSheetName(sheetNames) === null ? RENAME_CONTACT_SHEET : null;
}
