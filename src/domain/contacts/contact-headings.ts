// Which sheet headings fill which contact field (docs/product.md#for-contacts).
import { CONTACT_FIELDS, CONTACT_FIELD_LABELS, cellText, type ContactField } from './contact-fields';

// Headings of real sheets vary ('First Name', 'Phone Number', 'numbers', 'DOB'): matched on letters only.
const HEADINGS: Record<string, ContactField> = {
  firstname: 'firstname',
  first: 'firstname',
  fname: 'firstname',
  name: 'firstname',
  middlename: 'middlename',
  middle: 'middlename',
  othername: 'middlename',
  othernames: 'middlename',
  surname: 'surname',
  lastname: 'surname',
  last: 'surname',
  lname: 'surname',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phonenumber: 'phonenumber',
  phonenumbers: 'phonenumber',
  phone: 'phonenumber',
  numbers: 'phonenumber',
  number: 'phonenumber',
  mobile: 'phonenumber',
  mobilenumber: 'phonenumber',
  telephone: 'phonenumber',
  telnumber: 'phonenumber',
  tel: 'phonenumber',
  msisdn: 'phonenumber',
  birthday: 'birthday',
  birthdate: 'birthday',
  dateofbirth: 'birthday',
  dob: 'birthday',
  consent: 'consentsource',
  consentsource: 'consentsource',
  consentgiven: 'consentsource',
  consentmethod: 'consentsource',
  consenthow: 'consentsource',
  howconsented: 'consentsource',
  optinsource: 'consentsource',
  consentdate: 'consentdate',
  dateofconsent: 'consentdate',
  consentedon: 'consentdate',
  consentday: 'consentdate',
  optindate: 'consentdate',
};

/** The contact field a heading fills, or null when the column is not read. */
export function contactFieldOfHeading(heading: unknown): ContactField | null {
  return (
    HEADINGS[
      String(heading ?? '')
        .toLowerCase()
        .replace(/[^a-z]/g, '')
    ] ?? null
  );
}

/** A sheet row (heading → cell) as contact input; unknown headings are ignored, the first filled column of a field wins. */
export function rowToContactInput(row: Record<string, unknown>): Partial<Record<ContactField, unknown>> {
  const input: Partial<Record<ContactField, unknown>> = {};
  for (const [heading, value] of Object.entries(row)) {
    const field = contactFieldOfHeading(heading);
    if (field && (input[field] === undefined || cellText(input[field]) === '')) input[field] = value;
  }
  return input;
}

/** The headings the import names to the user, by field (as written in the template, then the other usual ones). */
export const RECOGNISED_HEADINGS: Record<ContactField, readonly string[]> = {
  firstname: ['First name', 'firstname', 'name'],
  middlename: ['Middle name', 'other names'],
  surname: ['Surname', 'last name'],
  email: ['Email', 'email address'],
  phonenumber: ['Phone number', 'numbers', 'mobile', 'telephone', 'msisdn'],
  birthday: ['Birthday', 'date of birth', 'DOB'],
  consentsource: ['Consent source', 'consent'],
  consentdate: ['Consent date', 'date of consent'],
};

/** The template's headings: one column per contact field, in the order of the contact form. */
export const TEMPLATE_HEADINGS: readonly string[] = CONTACT_FIELDS.map((f) => CONTACT_FIELD_LABELS[f]);

export type HeadingUse = { heading: string; field: ContactField | null };

/** How each heading of a sheet is read: the field it fills, or null when the column is ignored. */
export function headingUses(headings: readonly string[]): HeadingUse[] {
  return headings.map((heading) => ({ heading, field: contactFieldOfHeading(heading) }));
}
