// The contact import's template (docs/product.md#for-contacts): the data on Sheet1 under headings the import reads, and a sheet of help.
import * as XLSX from 'xlsx';
import { TEMPLATE_HEADINGS } from '../domain/contacts/contact-headings';
import { CONTACT_SHEET_NAME } from '../domain/contacts/excel-sheet';

export const TEMPLATE_FILE_NAME = 'contacts-template.xlsx';

const HELP = [
  ['How to fill this template'],
  [`Put one contact a row on the sheet named ${CONTACT_SHEET_NAME}, under its headings. Keep that sheet's name.`],
  ['Every row needs a phone number; every other column may be left empty. A row without one is set aside and named.'],
  ['Email: an address such as ama@example.com.'],
  ['Phone number: with the country code (233241234567), or format the column as Text so a leading 0 stays.'],
  ['Birthday: a date cell, or written as 1990-05-14 or 14/05/1990 (day first).'],
  ['Other columns are ignored.'],
];

/** The template's bytes: headings only, so nothing in it is loaded by mistake. */
export function writeContactsTemplate(): Uint8Array {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([[...TEMPLATE_HEADINGS]], { dense: true });
  sheet['!cols'] = TEMPLATE_HEADINGS.map(() => ({ wch: 18 }));
  XLSX.utils.book_append_sheet(book, sheet, CONTACT_SHEET_NAME);
  const help = XLSX.utils.aoa_to_sheet(HELP, { dense: true });
  help['!cols'] = [{ wch: 100 }];
  XLSX.utils.book_append_sheet(book, help, 'Help');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
