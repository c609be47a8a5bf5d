// Reading a file of contacts (SPEC.md 5 "Excel upload for contacts"): runs inside the parse worker (and in unit tests).
import { readContactSheet, type ContactSheet } from '../domain/contact-sheet';
import { CONTACT_SHEET_NAME, contactSheetError } from '../domain/excel-sheet';
import { openBook, type ProgressFn, type SheetShape } from './parse-core';

export type ContactsFileResult = { ok: true; fileName: string; sheet: ContactSheet } | { ok: false; message: string };

const asContacts =
  (fileName: string): SheetShape<ContactsFileResult> =>
  (_sheet, table, progress) => {
    progress(0.9, 'Checking the contacts');
    const read = readContactSheet(table);
    progress(1, 'Done');
    return read.ok ? { ok: true, fileName, sheet: read.sheet } : read;
  };

/** The contacts on Sheet1 of a file's bytes; any other sheet name is refused before its cells are read. */
export function readContactsBook(
  bytes: Uint8Array,
  fileName: string,
  onProgress: ProgressFn = () => {},
): ContactsFileResult {
  const book = openBook(bytes, fileName, onProgress, asContacts(fileName));
  const wrongSheet = contactSheetError(book.sheetNames);
  if (wrongSheet) return { ok: false, message: wrongSheet };
  return book.readSheet(CONTACT_SHEET_NAME, onProgress);
}
