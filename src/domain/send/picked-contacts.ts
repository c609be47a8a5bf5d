// People picked from the phone's contacts (the Contact Picker) as a sheet a phone book imports:
// the same checks and skips as an Excel import (docs/product.md#for-contacts).
import { CONTACT_FIELD_LABELS } from '../contacts/contact-fields';
import { readContactSheet, type ContactSheet } from '../contacts/contact-sheet';

export type PickedPerson = { name: string; tel: string };

/** A picked name's first word is the first name, the rest the surname; the number as the phone holds it. */
export function pickedContactsSheet(people: readonly PickedPerson[]): ContactSheet | null {
  const rows = people.map(({ name, tel }) => {
    const [first = '', ...rest] = name.trim().split(/\s+/);
    return [first, rest.join(' '), tel];
  });
  const headings = [CONTACT_FIELD_LABELS.firstname, CONTACT_FIELD_LABELS.surname, CONTACT_FIELD_LABELS.phonenumber];
  const read = readContactSheet([headings, ...rows]);
  if (!read.ok) return null;
  // A person set aside is named, not numbered: rows are the sheet's, one heading row above the people.
  const setAside = read.sheet.setAside.map(({ row, reason }) => {
    const person = people[row - 2];
    return { row, reason: `${person?.name || person?.tel || ''}: ${reason}` };
  });
  return { ...read.sheet, setAside };
}
