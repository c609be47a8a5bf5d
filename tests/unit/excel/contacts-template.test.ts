// The contact import's template (docs/product.md#for-contacts): what "Download the template" gives is
// read back by the import under its own headings, and its help says what the import does with a row.
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { writeContactsTemplate } from '../../../src/excel/contacts-template';
import { readContactSheet } from '../../../src/domain/contacts/contact-sheet';
import { TEMPLATE_HEADINGS } from '../../../src/domain/contacts/contact-headings';

describe('the contacts template', () => {
  const book = XLSX.read(writeContactsTemplate(), { type: 'array' });

  it('has the headings on Sheet1, which the import reads: a filled row loads, a row without a number is set aside', () => {
    expect(book.SheetNames).toEqual(['Sheet1', 'Help']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Sheet1!, { header: 1 });
    expect(rows).toEqual([[...TEMPLATE_HEADINGS]]);
    const filled = (fields: Record<string, string>) => TEMPLATE_HEADINGS.map((h) => fields[h] ?? '');
    const read = readContactSheet([
      [...TEMPLATE_HEADINGS],
      filled({ 'First name': 'Ama', 'Phone number': '233241234567' }),
      filled({ 'First name': 'Kojo', Email: 'kojo@example.com' }),
    ]);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.sheet.table.length).toBe(1);
    expect(read.sheet.setAside.map((r) => r.row)).toEqual([3]);
  });

  it('says in its help that every row needs a phone number', () => {
    const help = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Help!, { header: 1 }).map((r) => r[0]);
    expect(help).toContain(
      'Every row needs a phone number; every other column may be left empty. A row without one is set aside and named.',
    );
  });
});
