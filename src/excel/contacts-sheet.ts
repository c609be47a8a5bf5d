// Reading a file of contacts (docs/product.md#for-contacts): runs inside the parse worker (and in unit tests).
import { readContactSheet, type ContactSheet } from '../domain/contacts/contact-sheet';
import { contactSheetError, contactSheetName } from '../domain/contacts/excel-sheet';
import { openBook, type ProgressFn, type SheetShape } from './parse-core';

export type ContactsFileResult =
  | { ok: true; fileName: string; sheet: ContactSheet; notes: string[] }
  /** `sheetNames`: there is no Sheet1, and these are the sheets the user may say hold the contacts. */
  | { ok: false; message: string; sheetNames?: string[] };

const asContacts =
  (fileName: string): SheetShape<ContactsFileResult> =>
  (_sheet, table, progress, notes) => {
    progress(0.9, 'Checking the contacts');
    const read = readContactSheet(table);
    progress(1, 'Done');
    return read.ok ? { ok: true, fileName, sheet: read.sheet, notes } : read;
  };

/**
 * The contacts on Sheet1 ('Sheet 1', 'sheet1') of a file's bytes, or on the sheet the user named
 * (`chosen`). Without Sheet1 and a choice, the Sheet1 refusal comes with the sheets to choose from,
 * before any cells are read.
 */
export async function readContactsBook(
  bytes: Uint8Array,
  fileName: string,
  onProgress: ProgressFn = () => {},
  chosen?: string,
): Promise<ContactsFileResult> {
  const book = await openBook(bytes, fileName, onProgress, asContacts(fileName));
  const sheet = chosen && book.sheetNames.includes(chosen) ? chosen : contactSheetName(book.sheetNames);
  if (sheet === null) return { ok: false, message: contactSheetError(book.sheetNames)!, sheetNames: book.sheetNames };
  return book.readSheet(sheet, onProgress);
}
