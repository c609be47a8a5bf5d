// Reading a sheet for sending or for contacts (docs/product.md#spreadsheets).
import { formatAccra } from '../dates';
import { contactFieldOfHeading } from './contact-headings';
import {
  BROKEN_REFERENCE,
  NUMBER_REASONS,
  UNSAVED_FORMULA,
  cellAsTyped,
  checkSheetNumber,
  isCellError,
} from './sheet-number';

export type SetAsideNumber = { row: number; value: string; reason: string };

export const SELECT_SHEET = 'Select the right sheet containing the needed data for this SMS';
export const NUMBERS_HEADING_MISSING =
  'To load mobile numbers please provide heading "numbers" for the column holding the mobile numbers on the excel sheet';
export const CONTACT_SHEET_NAME = 'Sheet1';
export const RENAME_CONTACT_SHEET =
  'Kindly change the name of the sheet containing the data you are trying to load to Sheet1';
export const NUMBERS_HEADING = 'numbers';

// Characters nobody sees that editors and web pages leave in text: zero-width spaces and joiners,
// direction marks, the word joiner, a byte-order mark, a soft hyphen. JavaScript's trim() keeps them.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

export const normalizeHeading = (heading: unknown): string =>
  isCellError(heading)
    ? ''
    : String(heading ?? '')
        .replace(/[\r\n]+/g, '')
        .replace(INVISIBLE, '')
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
  if (value === null || value === undefined || value === UNSAVED_FORMULA || isCellError(value)) return '';
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

export const ERROR_CELLS_EMPTY =
  'Some cells show errors such as #REF! or #N/A (formulas that could not be worked out); they are read as empty';
/** Every number of the sheet is an error value: the cause named (a broken reference for #REF!). */
export function numbersAreErrors(errors: readonly string[]): string {
  const cause = errors.includes(BROKEN_REFERENCE)
    ? `${BROKEN_REFERENCE}, from formulas whose references are broken (a sheet, row or column they used was deleted)`
    : `errors (${[...new Set(errors)].join(', ')}) from formulas`;
  return `The numbers on this sheet are ${cause}, so there is no number to read. Please correct the formulas in Excel, or paste the numbers as values, and load the file again`;
}

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

/** A column the user may name as the numbers column when no heading says "numbers". */
export type SheetColumn = {
  index: number;
  letter: string;
  heading: string;
  /** Its heading is one the phone-book import reads as a phone number ("Phone", "Mobile", ...). */
  phone: boolean;
};

export const columnLabel = (column: Pick<SheetColumn, 'letter' | 'heading'>): string =>
  column.heading ? `Column ${column.letter} ("${column.heading}")` : `Column ${column.letter}`;

export type SendSheet = {
  ok: true;
  headings: string[];
  rows: Record<string, string>[];
  /** Rows whose number cannot be sent, with the sheet row (1 is the first) and why. */
  setAside: SetAsideNumber[];
  notes: string[];
};
export type SheetRows = SendSheet | { ok: false; message: string; columns?: SheetColumn[] };

const isBlank = (v: unknown) =>
  v === null || v === undefined || isCellError(v) || (typeof v === 'string' && v.trim() === '');
export const isBlankRow = (cells: readonly unknown[] | undefined): boolean => !cells || cells.every(isBlank);

/** The first row with anything in it: blank rows above the headings are how some programs write a sheet. */
export const headingRowOf = (table: ReadonlyArray<readonly unknown[]>): number =>
  table.findIndex((cells) => !isBlankRow(cells));

/** The columns of the heading row a user may choose from, phone-like headings first. */
function columnChoices(table: ReadonlyArray<readonly unknown[]>, headingAt: number, headings: string[]): SheetColumn[] {
  const width = table.reduce((w, cells) => Math.max(w, cells?.length ?? 0), headings.length);
  const columns: SheetColumn[] = [];
  for (let index = 0; index < width; index += 1) {
    const heading = headings[index] ?? '';
    const filled = heading !== '' || table.some((cells, r) => r > headingAt && !isBlank(cells?.[index]));
    if (filled)
      columns.push({
        index,
        letter: columnLetters(index),
        heading,
        phone: contactFieldOfHeading(heading) === 'phonenumber',
      });
  }
  return [...columns.filter((c) => c.phone), ...columns.filter((c) => !c.phone)];
}

/**
 * The headings are the first filled row (`table[i]` is sheet row i + 1); blank rows are skipped; every
 * other row is a recipient when its number passes checkSheetNumber, else it is set aside with why.
 * `numbersColumn` is the column the user named when no heading says "numbers"; a phone number where
 * its heading should be means the sheet has no heading row, so that row is read as a recipient too.
 */
export function readSendSheet(table: ReadonlyArray<readonly unknown[]>, numbersColumn?: number): SheetRows {
  const headingAt = headingRowOf(table);
  const headings = (table[headingAt] ?? []).map(normalizeHeading);
  const numbersColumns = headings.flatMap((h, index) =>
    h.toLowerCase() === NUMBERS_HEADING ? [{ index, heading: h }] : [],
  );
  const named = numbersColumn !== undefined && Number.isInteger(numbersColumn) && numbersColumn >= 0;
  if (!named && numbersColumns.length === 0)
    return { ok: false, message: NUMBERS_HEADING_MISSING, columns: columnChoices(table, headingAt, headings) };
  if (!named && numbersColumns.length > 1) return { ok: false, message: twoNumbersColumns(numbersColumns) };
  const numbersAt = named ? numbersColumn : numbersColumns[0]!.index;
  // A named column may lie past the last heading (a ragged CSV): it still gets its place.
  while (headings.length <= numbersAt) headings.push('');
  const headingIsNumber = named && headingAt >= 0 && checkSheetNumber(table[headingAt]?.[numbersAt]).ok;
  // Each headed column and its row field: the numbers column's is always 'numbers'.
  const fields = headings.flatMap((h, i): [number, string][] =>
    i === numbersAt ? [[i, NUMBERS_HEADING]] : h === '' || headingIsNumber ? [] : [[i, h]],
  );
  const rows: Record<string, string>[] = [];
  const setAside: SetAsideNumber[] = [];
  const errors: string[] = [];
  let formulaCells = false;
  let errorCells = false;
  for (let r = headingIsNumber ? headingAt : headingAt + 1; r < table.length; r += 1) {
    const cells = table[r];
    const numberCell = cells?.[numbersAt];
    if (isBlankRow(cells) && !isCellError(numberCell)) continue;
    const number = checkSheetNumber(numberCell);
    if (!number.ok) {
      if (isCellError(numberCell)) errors.push(numberCell.cellError);
      setAside.push({ row: r + 1, value: cellAsTyped(numberCell), reason: number.reason });
      continue;
    }
    const row: Record<string, string> = {};
    for (const [i, key] of fields) {
      const cell = cells![i];
      if (cell === UNSAVED_FORMULA) formulaCells = true;
      if (isCellError(cell)) errorCells = true;
      row[key] = i === numbersAt ? number.number : formatCell(cell, false);
    }
    rows.push(row);
  }
  if (rows.length === 0 && setAside.length === 0) return { ok: false, message: EMPTY_SHEET };
  if (rows.length === 0 && setAside.every((s) => s.reason === NUMBER_REASONS.formula))
    return { ok: false, message: FORMULAS_NOT_SAVED };
  if (rows.length === 0 && errors.length === setAside.length) return { ok: false, message: numbersAreErrors(errors) };
  const notes = [...(formulaCells ? [FORMULA_CELLS_EMPTY] : []), ...(errorCells ? [ERROR_CELLS_EMPTY] : [])];
  // A named column is the numbers column under its field's name, so {numbers} fills it in a personalized text.
  const shown = headings.map((h, i) => (i === numbersAt && named ? NUMBERS_HEADING : headingIsNumber ? '' : h));
  return { ok: true, headings: shown, rows, setAside, notes };
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
