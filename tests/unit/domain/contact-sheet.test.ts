import { describe, expect, it } from 'vitest';
import { checkContact, checkContactRow, EMPTY_ROW } from '../../../src/domain/contacts/contact-fields';
import { contactAt, NO_CONTACT_HEADING, readContactSheet } from '../../../src/domain/contacts/contact-sheet';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';
import { birthdayText, groupNameError, lostPartOutcome } from '../../../src/domain/contacts/phonebook';

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
      { row: 2, reason: 'Please enter a valid email address' },
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
