import { describe, expect, it } from 'vitest';
import { checkContact, checkContactRow, EMPTY_ROW } from '../../../src/domain/contacts/contact-fields';
import { contactAt, NO_CONTACT_HEADING, readContactSheet } from '../../../src/domain/contacts/contact-sheet';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';
import { birthdayText, groupNameError, importReady, lostPartOutcome } from '../../../src/domain/contacts/phonebook';
import { checkImportRow, leftOutLines } from '../../../src/domain/contacts/import-row';

describe('a sheet read as contacts', () => {
  it('maps usual headings to the fields and keeps each row its own values', () => {
    const read = readContactSheet([
      ['First Name', 'Surname', 'Phone Number', 'E-mail', 'DOB', 'Notes'],
      ['Ama', 'Mensah', 233241234567, 'ama@example.com', '14/05/1990', 'x'],
      ['Kofi', '', '0245556666', '', '', ''],
    ]);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.sheet.headings.map((h) => h.field)).toEqual([
      'firstname',
      'surname',
      'phonenumber',
      'email',
      'birthday',
      null,
    ]);
    expect(contactAt(read.sheet.table, 0)).toMatchObject({
      email: 'ama@example.com',
      firstname: 'Ama',
      surname: 'Mensah',
      phonenumber: '233241234567',
      birthday: '1990-05-14',
    });
    // Numbers are kept canonical (docs/product.md#phone-numbers).
    expect(contactAt(read.sheet.table, 1)).toMatchObject({ firstname: 'Kofi', phonenumber: '233245556666' });
    expect(read.sheet.table.rows).toEqual([2, 3]);
  });

  it('reports the rows it will not load, with the sheet row and the reason, never dropping them silently', () => {
    const read = readContactSheet([
      ['firstname', 'email', 'phonenumber'],
      ['Ama', 'not-an-address', '0241'],
      ['', '', ''],
      ['Yaw', '', '0242 000-000'],
      ['Esi', '', '2.33241E+11'],
      ['Kojo', '', true],
    ]);
    if (!read.ok) throw new Error(read.message);
    expect(read.sheet.setAside).toEqual([
      // The number is what a row needs: its reason is said first (the bad e-mail alone would be left out).
      { row: 2, reason: NUMBER_REASONS.tooShort },
      { row: 3, reason: 'Empty row' },
      { row: 5, reason: NUMBER_REASONS.scientific },
      { row: 6, reason: NUMBER_REASONS.boolean },
    ]);
    expect(read.sheet.table.length).toBe(1);
    expect(contactAt(read.sheet.table, 0)).toMatchObject({ firstname: 'Yaw', phonenumber: '233242000000' });
    expect(read.sheet.setAsideCount).toBe(4);
  });

  it('refuses a row with no usable number, naming its sheet row, and skips a number an earlier row has', () => {
    const read = readContactSheet([
      ['firstname', 'phone'],
      ['Ama', '0241234567'],
      ['No number', ''],
      ['Ama again', '+233 24 123 4567'],
      ['Kofi', '233241234568'],
    ]);
    if (!read.ok) throw new Error(read.message);
    expect(read.sheet.setAside).toEqual([{ row: 3, reason: NUMBER_REASONS.missing }]);
    expect(read.sheet.repeatCount).toBe(1);
    expect(read.sheet.table.rows).toEqual([2, 5]);
    const noPhoneColumn = readContactSheet([['firstname'], ['Ama']]);
    expect(noPhoneColumn.ok && noPhoneColumn.sheet.setAside).toEqual([{ row: 2, reason: NUMBER_REASONS.missing }]);
  });

  it('finds the headings under blank rows and keeps the sheet row numbers', () => {
    const read = readContactSheet([[], [null], ['firstname', 'phone'], ['Ama', '0241234567']]);
    if (!read.ok) throw new Error(read.message);
    expect(read.sheet.table.rows).toEqual([4]);
  });

  it('refuses a sheet none of whose headings is a contact field, naming the template headings', () => {
    expect(
      readContactSheet([
        ['colour', 'size'],
        ['red', 'L'],
      ]),
    ).toEqual({ ok: false, message: NO_CONTACT_HEADING });
  });

  it('checks one contact as the gateway does', () => {
    expect(checkContact({ email: 'a@b' })).toEqual({ ok: false, message: 'Please enter a valid email address' });
    expect(checkContact({})).toMatchObject({ ok: true });
    expect(checkContactRow({})).toEqual({ ok: false, message: EMPTY_ROW });
    expect(checkContact({ birthday: '31/02/1990' })).toEqual({ ok: false, message: 'Please enter a valid date' });
  });
});

describe('phone book rules', () => {
  it('names are required, short and unique per account whatever their case', () => {
    expect(groupNameError('  ', [])).toBe('Please enter a name for the phone book');
    expect(groupNameError('x'.repeat(101), [])).toBe('A phone book name must be at most 100 characters');
    expect(groupNameError('Staff', ['staff'])).toBe('You already have a phone book named Staff');
    expect(groupNameError('Staff', ['Clients'])).toBeNull();
  });

  it('shows a birthday as a date only', () => {
    expect(birthdayText('1990-05-14')).toBe('14 May 1990');
    expect(birthdayText('1990-05-14T00:00:00.000Z')).toBe('14 May 1990');
    expect(birthdayText('')).toBe('');
  });

  it('tells from the book count whether a part without an answer landed', () => {
    expect(lostPartOutcome(10, 5000, 5000, 5010)).toBe('resend');
    expect(lostPartOutcome(10, 5000, 5000, 10010)).toBe('skip');
    expect(lostPartOutcome(10, 5000, 5000, 10011)).toBe('unknown');
  });
});

describe('an import row', () => {
  it('leaves out a bad optional field and loads the contact, but refuses a row without its number or with a bad consent', () => {
    expect(checkImportRow({ firstname: 'Efua', phonenumber: '0244 100 200', email: 'efua@example' })).toEqual({
      ok: true,
      contact: expect.objectContaining({ firstname: 'Efua', phonenumber: '233244100200', email: '' }),
      leftOut: [{ field: 'email', reason: 'not an e-mail address' }],
    });
    expect(checkImportRow({ phonenumber: '0244100200', birthday: 'someday', surname: 'x'.repeat(300) })).toMatchObject({
      ok: true,
      contact: { birthday: '', surname: '' },
      leftOut: [
        { field: 'surname', reason: 'longer than 255 characters' },
        { field: 'birthday', reason: 'not a date' },
      ],
    });
    expect(checkImportRow({ firstname: 'Efua', email: 'efua@example.com' })).toEqual({
      ok: false,
      message: 'No number',
    });
    expect(checkImportRow({ email: 'efua@example' })).toEqual({ ok: false, message: 'No number' });
    expect(checkImportRow({ phonenumber: '0244100200', consentdate: 'someday' })).toEqual({
      ok: false,
      message: 'Please enter a valid consent date',
    });
    expect(checkImportRow({ phonenumber: '' })).toEqual({ ok: false, message: 'Empty row' });
  });

  it('names the fields left out by row', () => {
    const email = { field: 'email' as const, reason: 'not an e-mail address' };
    expect(leftOutLines([{ row: 4, leftOut: [email] }])).toEqual(['1 e-mail left out: not an e-mail address (row 4)']);
    expect(
      leftOutLines(
        [4, 6, 9].map((row) => ({ row, leftOut: [email] })),
        false,
        2,
      ),
    ).toEqual(['3 e-mails left out: not an e-mail address (rows 4, 6 and 1 more)']);
    expect(leftOutLines([{ row: 2, leftOut: [email] }], true)).toEqual(['1 e-mail left out: not an e-mail address']);
  });
});

describe('an import preview', () => {
  it('counts as ready only the contacts the book does not hold, and says when nothing is new', () => {
    expect(importReady(4, 4)).toEqual({
      ready: 0,
      heading: 'Nothing new to load: every contact in this file is already in this phone book',
    });
    expect(importReady(4, 1)).toEqual({ ready: 3, heading: '3 contacts ready to load' });
    expect(importReady(1, 0)).toEqual({ ready: 1, heading: '1 contact ready to load' });
    expect(importReady(0, 0).ready).toBe(0);
  });
});
