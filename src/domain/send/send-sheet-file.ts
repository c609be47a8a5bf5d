// Files accepted as recipients for a send: spreadsheets and CSV (docs/product.md#for-sending).
import { SELECT_EXCEL_FILE, SPREADSHEET_EXTENSIONS, fileExtension } from '../contacts/file-types';

export const SEND_SHEET_EXTENSIONS = [...SPREADSHEET_EXTENSIONS, 'csv'] as const;

export function sendSheetFileError(fileName: string | null | undefined): string | null {
  const ok = !!fileName && (SEND_SHEET_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
  return ok ? null : SELECT_EXCEL_FILE;
}

/** For the file picker's accept attribute. */
export const SEND_SHEET_ACCEPT = SEND_SHEET_EXTENSIONS.map((ext) => `.${ext}`).join(',');
