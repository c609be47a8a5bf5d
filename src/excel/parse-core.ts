// Reading a spreadsheet for sending: runs inside the parse worker (and directly in unit tests).
import * as XLSX from 'xlsx';
import Papa from 'papaparse';
import { CONTACT_SHEET_NAME, readSendSheet } from '../domain/excel-sheet';
import { isCsvFile, sendSheetFileError } from '../domain/send-sheet-file';
import { toSheetTable, type SheetTable } from './sheet-table';
import {
  MAX_CELLS,
  MAX_FILE_BYTES,
  MAX_ROWS,
  FILE_TOO_BIG,
  TOO_MANY_CELLS,
  TOO_MANY_ROWS,
  UNREADABLE_FILE,
} from './limits';

export type ProgressFn = (fraction: number, stage: string) => void;

export type SheetResult =
  { ok: true; sheet: string; headings: string[]; table: SheetTable } | { ok: false; sheet: string; message: string };

export interface OpenedBook<R = SheetResult> {
  sheetNames: string[];
  readSheet(name: string, onProgress?: ProgressFn): R;
}

/** What a sheet's cells (first row: headings) become: the send form's rows, or contacts (contacts-sheet.ts). */
export type SheetShape<R> = (sheet: string, table: unknown[][], onProgress: ProgressFn) => R;

/** A refusal with the text the user sees. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

const PROGRESS_EVERY_ROWS = 10_000;
const noProgress: ProgressFn = () => {};

// SheetJS options that skip work the send form never uses (formatted text, HTML, styles).
const READ_OPTIONS = {
  type: 'array',
  cellDates: true,
  dense: true,
  cellText: false,
  cellHTML: false,
  cellStyles: false,
  cellNF: false,
} as const;

function fromSheetTable(sheet: string, table: unknown[][], onProgress: ProgressFn): SheetResult {
  onProgress(0.9, 'Finding the numbers column');
  const result = readSendSheet(table);
  onProgress(1, 'Done');
  if (!result.ok) return { ok: false, sheet, message: result.message };
  return {
    ok: true,
    sheet,
    headings: result.headings.filter((h) => h !== ''),
    table: toSheetTable(result.rows, result.headings),
  };
}

function openCsv<R>(bytes: Uint8Array, onProgress: ProgressFn, shape: SheetShape<R>): OpenedBook<R> {
  onProgress(0.1, 'Reading the file');
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  // preview stops papaparse one row past the cap, so an enormous file is never held whole as rows.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: MAX_ROWS + 2 });
  if (parsed.data.length > MAX_ROWS + 1) throw new SpreadsheetError(TOO_MANY_ROWS);
  const width = parsed.data.reduce((w, row) => Math.max(w, row.length), 0);
  if (width * parsed.data.length > MAX_CELLS) throw new SpreadsheetError(TOO_MANY_CELLS);
  onProgress(0.6, 'Reading rows');
  return {
    // A csv file is one sheet, and contact imports want it named Sheet1 (SPEC 5).
    sheetNames: [CONTACT_SHEET_NAME],
    readSheet: (name, progress = noProgress) => shape(name, parsed.data, progress),
  };
}

function sheetTable(ws: XLSX.WorkSheet, onProgress: ProgressFn): unknown[][] {
  const ref = ws['!ref'];
  if (!ref) return [];
  const full = XLSX.utils.decode_range(ws['!fullref'] ?? ref);
  if (full.e.r - full.s.r + 1 > MAX_ROWS + 1) throw new SpreadsheetError(TOO_MANY_ROWS);
  const range = XLSX.utils.decode_range(ref);
  const rowCount = range.e.r - range.s.r + 1;
  const width = range.e.c - range.s.c + 1;
  if (rowCount * width > MAX_CELLS) throw new SpreadsheetError(TOO_MANY_CELLS);
  const data = (ws['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const table: unknown[][] = new Array(rowCount);
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const cells = data[r] ?? [];
    const row: unknown[] = new Array(width);
    for (let c = range.s.c; c <= range.e.c; c += 1) {
      const cell = cells[c];
      // Error cells (#N/A, #REF!) are not data anyone meant to send.
      row[c - range.s.c] = cell && cell.t !== 'e' && cell.t !== 'z' ? cell.v : null;
    }
    table[r - range.s.r] = row;
    if ((r - range.s.r) % PROGRESS_EVERY_ROWS === 0)
      onProgress(0.6 + (0.3 * (r - range.s.r)) / rowCount, 'Reading rows');
  }
  return table;
}

function openWorkbook<R>(bytes: Uint8Array, onProgress: ProgressFn, shape: SheetShape<R>): OpenedBook<R> {
  onProgress(0.05, 'Reading the file');
  let sheetNames: string[];
  try {
    sheetNames = XLSX.read(bytes, { type: 'array', bookSheets: true }).SheetNames;
  } catch {
    throw new SpreadsheetError(UNREADABLE_FILE);
  }
  if (sheetNames.length === 0) throw new SpreadsheetError(UNREADABLE_FILE);
  return {
    sheetNames,
    readSheet(name, progress = noProgress) {
      progress(0.1, 'Reading the sheet');
      let ws: XLSX.WorkSheet | undefined;
      try {
        // sheetRows stops the reader one row past the cap; !fullref then tells how many there were.
        ws = XLSX.read(bytes, { ...READ_OPTIONS, sheets: name, sheetRows: MAX_ROWS + 2 }).Sheets[name];
      } catch {
        throw new SpreadsheetError(UNREADABLE_FILE);
      }
      if (!ws) throw new SpreadsheetError(UNREADABLE_FILE);
      progress(0.6, 'Reading rows');
      return shape(name, sheetTable(ws, progress), progress);
    },
  };
}

/** Opens a file's bytes: its sheet names, and a reader for one sheet (SPEC 5's send rows, or as `shape` makes them). */
export function openBook(bytes: Uint8Array, fileName: string, onProgress?: ProgressFn): OpenedBook;
export function openBook<R>(
  bytes: Uint8Array,
  fileName: string,
  onProgress: ProgressFn,
  shape: SheetShape<R>,
): OpenedBook<R>;
export function openBook<R>(
  bytes: Uint8Array,
  fileName: string,
  onProgress: ProgressFn = noProgress,
  shape?: SheetShape<R>,
): OpenedBook<R | SheetResult> {
  const wrongType = sendSheetFileError(fileName);
  if (wrongType) throw new SpreadsheetError(wrongType);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new SpreadsheetError(FILE_TOO_BIG);
  const read: SheetShape<R | SheetResult> = shape ?? fromSheetTable;
  return isCsvFile(fileName) ? openCsv(bytes, onProgress, read) : openWorkbook(bytes, onProgress, read);
}

export type OpenAnswer = { sheetNames: string[]; first: SheetResult | null };

/** Opens a file and, when it has one sheet, reads that sheet at once (nothing to choose). */
export function openAndReadSingle(book: OpenedBook, onProgress: ProgressFn = noProgress): OpenAnswer {
  const only = book.sheetNames.length === 1 ? book.sheetNames[0] : undefined;
  return { sheetNames: book.sheetNames, first: only === undefined ? null : book.readSheet(only, onProgress) };
}
