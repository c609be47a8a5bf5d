// What a file's bytes are (zip, OLE, markup or plain text) and the workbook SheetJS builds from them,
// once, after its size and cells are bounded; every sheet is then read from it without parsing again.
import * as XLSX from 'xlsx';
import { MAX_BOOK_CELLS, PROTECTED_FILE, TOO_MANY_CELLS, UNREADABLE_FILE } from './limits';
import { SpreadsheetError } from './spreadsheet-error';
import { decodeText } from './text-decode';
import { checkZipBounds, isZip } from './zip-bounds';

export type SniffedFile =
  { kind: 'zip' | 'ole'; bytes: Uint8Array } | { kind: 'markup'; text: string } | { kind: 'text'; text: string };

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

// C0 control characters but tab, line feed, form feed and carriage return: never part of a cell's text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F]/g;
/** More than 1 character in 20 a control character: no spreadsheet text looks like that. */
const looksBinary = (sample: string) => (sample.match(CONTROL)?.length ?? 0) * 20 > sample.length;

export function sniffFile(bytes: Uint8Array): SniffedFile {
  if (isZip(bytes)) return { kind: 'zip', bytes };
  if (OLE.every((b, i) => bytes[i] === b)) return { kind: 'ole', bytes };
  const decoded = decodeText(bytes);
  // Control characters all over the start: a binary file (a picture, a PDF part) renamed, no rows of text.
  // A few (a NUL that an old system left in a name) are dropped from otherwise good text.
  if (looksBinary(decoded.slice(0, 4096))) throw new SpreadsheetError(UNREADABLE_FILE);
  const text = decoded.replace(CONTROL, '');
  // HTML tables and SpreadsheetML 2003 start with a tag; anything else is rows of text.
  return /^\s*</.test(text) ? { kind: 'markup', text } : { kind: 'text', text };
}

// Dense cells, dates as dates, number formats kept (leading zeros), nothing else the reader never uses.
const READ_OPTIONS = {
  dense: true,
  cellDates: true,
  cellNF: true,
  // A formula with no saved result is kept (as an empty stub with its formula) so it can be named.
  cellFormula: true,
  sheetStubs: true,
  cellText: false,
  cellHTML: false,
  cellStyles: false,
} as const;

export type OpenWorkbook = { workbook: XLSX.WorkBook; visibleNames: string[] };

function refusalOf(error: unknown): SpreadsheetError {
  const text = error instanceof Error ? error.message : String(error);
  return new SpreadsheetError(/password|encrypt/i.test(text) ? PROTECTED_FILE : UNREADABLE_FILE);
}

/** Sheets that are neither hidden nor very hidden; all of them when a file hides every one. */
function visibleSheets(workbook: XLSX.WorkBook): string[] {
  const states = workbook.Workbook?.Sheets ?? [];
  const visible = workbook.SheetNames.filter((name, i) => {
    const state = states.find((s) => s.name === name) ?? states[i];
    return !state?.Hidden;
  });
  return visible.length > 0 ? visible : workbook.SheetNames;
}

/** Builds the workbook once, after bounding the work: a zip's unpacked size and cells, markup's cells. */
export async function openWorkbookFile(
  file: Exclude<SniffedFile, { kind: 'text' }>,
  onProgress: (fraction: number, stage: string) => void,
): Promise<OpenWorkbook> {
  if (file.kind === 'zip') await checkZipBounds(file.bytes, (f) => onProgress(0.05 + 0.15 * f, 'Checking the file'));
  if (file.kind === 'markup' && (file.text.match(/<(td|th|cell)[\s>/]/gi)?.length ?? 0) > MAX_BOOK_CELLS)
    throw new SpreadsheetError(TOO_MANY_CELLS);
  onProgress(0.2, 'Reading the file');
  let workbook: XLSX.WorkBook;
  try {
    // Markup is text as typed (raw): '0241234567' in an HTML cell is not the number 241234567.
    workbook =
      file.kind === 'markup'
        ? XLSX.read(file.text, { ...READ_OPTIONS, type: 'string', raw: true })
        : XLSX.read(file.bytes, { ...READ_OPTIONS, type: 'array' });
  } catch (error) {
    throw refusalOf(error);
  }
  if (workbook.SheetNames.length === 0) throw new SpreadsheetError(UNREADABLE_FILE);
  return { workbook, visibleNames: visibleSheets(workbook) };
}
