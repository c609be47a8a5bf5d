// Reading a spreadsheet for sending: runs inside the parse worker (and directly in unit tests).
import {
  columnLabel,
  columnLetters,
  headingRowOf,
  normalizeHeading,
  readSendSheet,
  type SetAsideNumber,
  type SheetColumn,
} from '../domain/contacts/excel-sheet';
import { sendSheetFileError } from '../domain/send/send-sheet-file';
import { toSheetTable, type SheetTable } from './sheet-table';
import { FILE_TOO_BIG, MAX_FILE_BYTES } from './limits';
import { SpreadsheetError } from './spreadsheet-error';
import { readCsvText } from './csv-read';
import { openWorkbookFile, sniffFile } from './workbook-read';
import { sheetCells } from './sheet-cells';

export { SpreadsheetError };

export type ProgressFn = (fraction: number, stage: string) => void;

export type SheetResult =
  | {
      ok: true;
      sheet: string;
      headings: string[];
      table: SheetTable;
      /** Rows whose number is not a phone number: never sent, shown with why and their row numbers. */
      setAside: SetAsideNumber[];
      /** What the user should know about how the sheet was read (rows past its declared range, formulas). */
      notes: string[];
    }
  | {
      ok: false;
      sheet: string;
      message: string;
      /** No heading says "numbers": the columns the user may name as the numbers column instead. */
      columns?: SheetColumn[];
    };

/** How to read a sheet: `numbersColumn` is the column the user named when no heading says "numbers". */
export type ReadOptions = { numbersColumn?: number };

export interface OpenedBook<R = SheetResult> {
  /** The sheets a user can see: hidden and very hidden ones are not offered. */
  sheetNames: string[];
  readSheet(name: string, onProgress?: ProgressFn, options?: ReadOptions): R;
}

/** What a sheet's cells become (`table[i]` is sheet row i + 1): the send form's rows, or contacts (contacts-sheet.ts). */
export type SheetShape<R> = (
  sheet: string,
  table: unknown[][],
  onProgress: ProgressFn,
  notes: string[],
  options: ReadOptions,
) => R;

const noProgress: ProgressFn = () => {};

function fromSheetTable(
  sheet: string,
  table: unknown[][],
  onProgress: ProgressFn,
  notes: string[],
  { numbersColumn }: ReadOptions,
): SheetResult {
  onProgress(0.9, 'Finding the numbers column');
  const result = readSendSheet(table, numbersColumn);
  onProgress(1, 'Done');
  if (!result.ok)
    return { ok: false, sheet, message: result.message, ...(result.columns && { columns: result.columns }) };
  const named =
    numbersColumn === undefined
      ? []
      : [`The mobile numbers were read from ${columnLabel(columnAt(table, numbersColumn))}`];
  return {
    ok: true,
    sheet,
    headings: result.headings.filter((h) => h !== ''),
    table: toSheetTable(result.rows, result.headings),
    setAside: result.setAside,
    notes: [...named, ...notes, ...result.notes],
  };
}

function columnAt(table: unknown[][], index: number) {
  return { letter: columnLetters(index), heading: normalizeHeading(table[headingRowOf(table)]?.[index]) };
}

/** Opens a file's bytes: its visible sheet names, and a reader for one sheet (the send form's rows, or as `shape` makes them). */
export function openBook(bytes: Uint8Array, fileName: string, onProgress?: ProgressFn): Promise<OpenedBook>;
export function openBook<R>(
  bytes: Uint8Array,
  fileName: string,
  onProgress: ProgressFn,
  shape: SheetShape<R>,
): Promise<OpenedBook<R>>;
export async function openBook<R>(
  bytes: Uint8Array,
  fileName: string,
  onProgress: ProgressFn = noProgress,
  shape?: SheetShape<R>,
): Promise<OpenedBook<R | SheetResult>> {
  const wrongType = sendSheetFileError(fileName);
  if (wrongType) throw new SpreadsheetError(wrongType);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new SpreadsheetError(FILE_TOO_BIG);
  const read: SheetShape<R | SheetResult> = shape ?? fromSheetTable;
  onProgress(0.05, 'Reading the file');
  // What the bytes are, whatever the name says: portals save CSV and HTML tables as .xls.
  const file = sniffFile(bytes);
  if (file.kind === 'text') {
    const rows = readCsvText(file.text);
    onProgress(0.6, 'Reading rows');
    // A text file is one sheet, and contact imports want it named Sheet1 (docs/product.md#for-contacts).
    return {
      sheetNames: ['Sheet1'],
      readSheet: (name, progress = noProgress, options = {}) => read(name, rows, progress, [], options),
    };
  }
  const book = await openWorkbookFile(file, onProgress);
  return {
    sheetNames: book.visibleNames,
    readSheet(name, progress = noProgress, options = {}) {
      const ws = book.visibleNames.includes(name) ? book.workbook.Sheets[name] : undefined;
      // A name not offered (hidden, or none): read as an empty sheet, which says what is missing.
      if (!ws) return read(name, [], progress, [], options);
      progress(0.6, 'Reading rows');
      const cells = sheetCells(ws, (f) => progress(0.6 + 0.3 * f, 'Reading rows'));
      return read(name, cells.rows, progress, cells.notes, options);
    },
  };
}

export type OpenAnswer = { sheetNames: string[]; first: SheetResult | null };

/** Opens a file and, when it has one sheet, reads that sheet at once (nothing to choose). */
export function openAndReadSingle(book: OpenedBook, onProgress: ProgressFn = noProgress): OpenAnswer {
  const only = book.sheetNames.length === 1 ? book.sheetNames[0] : undefined;
  return { sheetNames: book.sheetNames, first: only === undefined ? null : book.readSheet(only, onProgress) };
}
