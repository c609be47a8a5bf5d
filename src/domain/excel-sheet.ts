// Reading a sheet for sending or for contacts (SPEC.md 5 "Excel upload").
import { formatAccra } from './dates';

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
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatAccra(value, 'yyyy-MM-dd');
  if (isNumbersColumn) return String(value).replace(/\s+/g, '');
  if (typeof value === 'number') return withThousandsSeparators(value);
  return String(value).trim();
}

export type SheetRows =
  { ok: true; headings: string[]; rows: Record<string, string>[] } | { ok: false; message: string };

// First row is the headings; rows without a number are skipped since they cannot be sent.
export function readSendSheet(table: ReadonlyArray<readonly unknown[]>): SheetRows {
  const headings = (table[0] ?? []).map(normalizeHeading);
  const numbersAt = findNumbersColumn(headings);
  if (numbersAt < 0) return { ok: false, message: NUMBERS_HEADING_MISSING };
  const rows = table.slice(1).flatMap((cells) => {
    const row: Record<string, string> = {};
    headings.forEach((heading, i) => {
      if (heading !== '') row[i === numbersAt ? NUMBERS_HEADING : heading] = formatCell(cells[i], i === numbersAt);
    });
    return row[NUMBERS_HEADING] ? [row] : [];
  });
  return { ok: true, headings, rows };
}

// Several sheets need the user's choice; one sheet is taken as it is.
export function sheetChoiceError(sheetNames: readonly string[], chosen: string | null | undefined): string | null {
  if (sheetNames.length <= 1) return null;
  return chosen && sheetNames.includes(chosen) ? null : SELECT_SHEET;
}

export function contactSheetError(sheetNames: readonly string[]): string | null {
  return sheetNames.includes(CONTACT_SHEET_NAME) ? null : RENAME_CONTACT_SHEET;
}
