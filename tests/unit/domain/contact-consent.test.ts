import { describe, expect, it } from 'vitest';
import { checkContact, FUTURE_CONSENT_DATE, INVALID_CONSENT_DATE } from '../../../src/domain/contacts/contact-fields';
import { contactFieldOfHeading } from '../../../src/domain/contacts/contact-headings';
import { contactAt, readContactSheet } from '../../../src/domain/contacts/contact-sheet';
import { contactSearchText } from '../../../src/domain/contacts/phonebook';

// Consent columns of a phone-book import (docs/product.md#for-contacts).
describe('consent columns of a contact sheet', () => {
  it('recognises consent headings in any case and spacing', () => {
    for (const heading of ['Consent', 'consent source', 'CONSENT SOURCE', 'Consent_Source', 'Date of consent']) {
      expect(contactFieldOfHeading(heading)).toBe(
        heading.toLowerCase().includes('date') ? 'consentdate' : 'consentsource',
      );
    }
    expect(contactFieldOfHeading('Consent date')).toBe('consentdate');
    expect(contactFieldOfHeading('consent-DATE')).toBe('consentdate');
  });

  it('reads the source as text and the date from an Excel serial, a date cell or text, naming the rows with a bad date', () => {
    const read = readContactSheet([
      ['Phone number', 'Consent', 'Consent date'],
      ['0241000001', 'Signed form', 46000],
      ['0241000002', 'Website form', new Date(Date.UTC(2025, 0, 31))],
      ['0241000003', 'Verbal', '3/2/2025'],
      ['0241000004', 'In store', 'soon'],
      ['0241000005', 'In store', '2999-01-01'],
      ['0241000006', 'x'.repeat(101), ''],
    ]);
    if (!read.ok) throw new Error(read.message);
    expect(read.sheet.headings.map((h) => h.field)).toEqual(['phonenumber', 'consentsource', 'consentdate']);
    expect(contactAt(read.sheet.table, 0)).toMatchObject({ consentsource: 'Signed form', consentdate: '2025-12-09' });
    expect(contactAt(read.sheet.table, 1)).toMatchObject({ consentsource: 'Website form', consentdate: '2025-01-31' });
    expect(contactAt(read.sheet.table, 2)).toMatchObject({ consentsource: 'Verbal', consentdate: '2025-02-03' });
    expect(read.sheet.setAside).toEqual([
      { row: 5, reason: INVALID_CONSENT_DATE },
      { row: 6, reason: FUTURE_CONSENT_DATE },
      { row: 7, reason: 'A consent source must be at most 100 characters' },
    ]);
  });

  it('a consent date is a day no later than today', () => {
    const now = Date.parse('2026-11-20T23:00:00Z');
    expect(checkContact({ consentdate: '2026-11-20' }, now)).toMatchObject({ ok: true });
    expect(checkContact({ consentdate: '2026-11-21' }, now)).toEqual({ ok: false, message: FUTURE_CONSENT_DATE });
  });

  it('a contact search finds the consent source, and a contact without consent keeps its old search text', () => {
    const base = { firstname: 'Ama', middlename: '', surname: '', email: '', phonenumber: '', birthday: '' };
    expect(contactSearchText({ ...base, consentsource: 'Signed form', consentdate: '2026-03-04' })).toContain(
      'signed form',
    );
    expect(contactSearchText({ ...base, consentsource: '', consentdate: '' })).toBe(contactSearchText(base));
  });
});
