// The exports of contacts (docs/product.md#phone-books) and of a person's data (docs/compliance.md#a-persons-data).
import * as XLSX from 'xlsx';
import { CONTACT_FIELDS, type ContactFields } from '../domain/contacts/contact-fields';
import { TEMPLATE_HEADINGS } from '../domain/contacts/contact-headings';
import type { PersonExport } from '../domain/account/person-data';
import { neutraliseFormula } from './status-report';

const cell = (value: unknown) => neutraliseFormula(String(value ?? ''));

function sheetOf(table: string[][], widths: readonly number[]): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet(table, { dense: true });
  sheet['!cols'] = widths.map((wch) => ({ wch }));
  return sheet;
}

const bytesOf = (book: XLSX.WorkBook) =>
  new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);

const contactRows = (contacts: readonly ContactFields[]) => contacts.map((c) => CONTACT_FIELDS.map((f) => cell(c[f])));

/** A book's contacts under the template's headings (consent included), so the file loads straight back in. */
export function writeContacts(contacts: readonly ContactFields[]): Uint8Array {
  const book = XLSX.utils.book_new();
  const widths = TEMPLATE_HEADINGS.map(() => 18);
  XLSX.utils.book_append_sheet(book, sheetOf([[...TEMPLATE_HEADINGS], ...contactRows(contacts)], widths), 'Sheet1');
  return bytesOf(book);
}

/** One sheet a kind of data: Contacts, Messages sent, Opt-out, Replies; each says so when it is empty. */
export function writePersonData(data: PersonExport): Uint8Array {
  const book = XLSX.utils.book_new();
  const none = (what: string) => [[`No ${what} held for ${data.number}`]];
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      data.contacts.length
        ? [
            ['Phone book', ...TEMPLATE_HEADINGS],
            ...data.contacts.map((c, i) => [cell(c.groupname), ...contactRows(data.contacts)[i]!]),
          ]
        : none('contacts'),
      [18, ...TEMPLATE_HEADINGS.map(() => 18)],
    ),
    'Contacts',
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      data.messages.length
        ? [
            ['Time', 'Sender', 'Text', 'Status', 'Link clicks'],
            ...data.messages.map((m) => [cell(m.time), cell(m.sender), cell(m.text), cell(m.status), cell(m.clicks)]),
          ]
        : none('messages'),
      [18, 14, 60, 12, 12],
    ),
    'Messages sent',
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      data.optout
        ? [
            ['Number', 'Reason', 'Date', 'Note'],
            [cell(data.number), cell(data.optout.reason), cell(data.optout.date), cell(data.optout.note)],
          ]
        : [[`${data.number} is not on the opt-out list`]],
      [18, 24, 18, 40],
    ),
    'Opt-out',
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      data.inbound.length
        ? [['Time', 'To', 'Text'], ...data.inbound.map((m) => [cell(m.time), cell(m.to), cell(m.text)])]
        : none('replies'),
      [18, 14, 60],
    ),
    'Replies',
  );
  return bytesOf(book);
}
