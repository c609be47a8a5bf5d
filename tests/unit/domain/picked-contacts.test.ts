import { describe, expect, it } from 'vitest';
import { contactAt } from '../../../src/domain/contacts/contact-sheet';
import { pickedContactsSheet } from '../../../src/domain/send/picked-contacts';

describe('people picked from the phone as a phone-book import', () => {
  it('splits a name into first name and surname, keeps one number each and names the people set aside', () => {
    const sheet = pickedContactsSheet([
      { name: 'Abena Serwaa Boateng', tel: '024 000 2001' },
      { name: 'Yaw', tel: '+233 20 000 2002' },
      { name: '', tel: '0240002001' },
      { name: 'Wrong', tel: '12345' },
    ])!;
    expect(sheet.table.length).toBe(2);
    expect(contactAt(sheet.table, 0)).toMatchObject({
      firstname: 'Abena',
      surname: 'Serwaa Boateng',
      phonenumber: '233240002001',
    });
    expect(contactAt(sheet.table, 1)).toMatchObject({ firstname: 'Yaw', surname: '', phonenumber: '233200002002' });
    // The same person twice (another form of the number): skipped like a repeated row.
    expect(sheet.repeatCount).toBe(1);
    expect(sheet.setAside).toEqual([{ row: 5, reason: 'Wrong: Too short for a phone number (fewer than 8 digits)' }]);
  });
});
