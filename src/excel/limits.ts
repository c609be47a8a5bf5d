// Limits that keep a hostile or mistaken file from hanging the tab, with the messages users see.
import { formatNumber } from '../domain/numbers/number-format';

export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_ROWS = 200_000;
/** Rows x columns read from one sheet: a sheet 16,000 columns wide is a memory bomb, not a contact list. */
export const MAX_CELLS = 6_000_000;
export const PARSE_TIMEOUT_MS = 60_000;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const FILE_TOO_BIG = `This file is larger than ${mb(MAX_FILE_BYTES)}. Please split it into smaller files and send them one after the other`;
export const TOO_MANY_ROWS = `This sheet has more than ${formatNumber(MAX_ROWS)} rows. Please split it into files of at most ${formatNumber(MAX_ROWS)} rows`;
export const TOO_MANY_CELLS =
  'This sheet has too many columns to be a list of contacts. Please keep only the columns the message needs';
export const PARSE_TOO_SLOW = `Reading this file took more than ${PARSE_TIMEOUT_MS / 1000} seconds, so it was stopped. Please check the file or split it into smaller files`;
export const UNREADABLE_FILE =
  'This file could not be read as a spreadsheet. Please save it again as .xlsx or .csv and load it once more';
export const READER_STOPPED = 'The file reader stopped. Please load the file again';
/** All the xml of an xlsx, unpacked: a few real files reach tens of MB, a zip bomb reaches gigabytes. */
export const MAX_UNPACKED_BYTES = 300 * 1024 * 1024;
/** Cells written in a whole workbook, counted before SheetJS builds it (each costs it about 200 bytes). */
export const MAX_BOOK_CELLS = MAX_CELLS;

export const TOO_BIG_UNPACKED = `This file unpacks to more than ${mb(MAX_UNPACKED_BYTES)} of data, far more than a list of contacts. Please keep only the sheet and columns the message needs`;
export const PROTECTED_FILE =
  'This file is protected with a password, so it cannot be read. Please open it, remove the password (File > Info > Protect Workbook > Encrypt with Password) and save it, then load it again';
export const csvQuoteError = (line: number) =>
  `Line ${formatNumber(line)} of this file has a quote (") that is not closed or stands in the middle of a value, so its rows cannot be told apart. Please correct that line, or save the file again from Excel, and load it once more`;
export const rowsOutsideRange = (declared: number, real: number) =>
  `The file says this sheet ends at row ${formatNumber(declared)}, but it holds rows down to ${formatNumber(real)}: all of them were read`;
