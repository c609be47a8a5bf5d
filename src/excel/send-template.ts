// The send form's template (docs/product.md#for-sending): one sheet, Sheet1, whose first row
// holds the headings, the mobile numbers under "numbers"; the other headings are a personalized text's fields.
import * as XLSX from 'xlsx';
import { CONTACT_SHEET_NAME, NUMBERS_HEADING } from '../domain/contacts/excel-sheet';

const SEND_TEMPLATE_HEADINGS = [NUMBERS_HEADING, 'firstname', 'surname'] as const;

/** Headings only, so nothing in the file is sent by mistake. */
export function writeSendTemplate(): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([[...SEND_TEMPLATE_HEADINGS]], { dense: true });
  sheet['!cols'] = [{ wch: 18 }, { wch: 18 }, { wch: 18 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, CONTACT_SHEET_NAME);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
