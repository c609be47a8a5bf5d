// A contact's fields as stored, and the one check both the PWA and the gateway apply (docs/product.md#phone-books).
import { contactEmailError } from './contact';
import { INVALID_DATE } from '../send/send-form';
import { DAY_MS } from '../dates';
import { checkPhoneNumber } from '../numbers/number-screen';

export const CONTACT_FIELDS = [
  'firstname',
  'middlename',
  'surname',
  'email',
  'phonenumber',
  'birthday',
  'consentsource',
  'consentdate',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFields = Record<ContactField, string>;

export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  firstname: 'First name',
  middlename: 'Middle name',
  surname: 'Surname',
  email: 'Email',
  phonenumber: 'Phone number',
  birthday: 'Birthday',
  consentsource: 'Consent source',
  consentdate: 'Consent date',
};

/** How the person agreed to be messaged: short free text, offered with these usual answers (docs/compliance.md#consent-on-contacts). */
export const CONSENT_SOURCES = ['Signed form', 'Website form', 'Verbal', 'SMS reply', 'In store'] as const;
export const MAX_CONSENT_SOURCE = 100;
export const CONSENT_SOURCE_TOO_LONG = `A consent source must be at most ${MAX_CONSENT_SOURCE} characters`;
export const INVALID_CONSENT_DATE = 'Please enter a valid consent date';
export const FUTURE_CONSENT_DATE = 'A consent date cannot be in the future';

export const MAX_FIELD_LENGTH = 255;
export const FIELD_TOO_LONG = `Each contact field must be at most ${MAX_FIELD_LENGTH} characters`;
export const EMPTY_ROW = 'Empty row';

export const emptyContact = (): ContactFields => ({
  firstname: '',
  middlename: '',
  surname: '',
  email: '',
  phonenumber: '',
  birthday: '',
  consentsource: '',
  consentdate: '',
});

// Excel counts days from 1899-12-30 (its 1900 leap-year bug folded in).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function isoDate(year: number, month: number, day: number): string | null {
  const t = Date.UTC(year, month - 1, day);
  const d = new Date(t);
  if (year < 1800 || year > 9999 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

function excelSerial(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A birthday as 'yyyy-MM-dd' ('' when blank, null when unreadable). Accepts ISO dates and date-times
 * (the date part as written), Excel day serials and date cells (SheetJS reads them as UTC midnight),
 * and d/M/yyyy, day first as written in Ghana unless the second number cannot be a month.
 */
export function birthdayDate(value: unknown): string | null {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? null
      : isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  if (typeof value === 'number') return excelSerial(value);
  const text = String(value).trim();
  if (text === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) {
    const [a, b] = [Number(dmy[1]), Number(dmy[2])];
    return b > 12 ? isoDate(Number(dmy[3]), a, b) : isoDate(Number(dmy[3]), b, a);
  }
  if (/^\d+(\.\d+)?$/.test(text)) return excelSerial(Number(text));
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) return null;
  return isoDate(parsed.getFullYear(), parsed.getMonth() + 1, parsed.getDate());
}

/** Cell text: numbers without exponent or grouping (phone numbers arrive as numbers from Excel). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
}

/** A contact's number is kept canonical when it is a phone number (docs/product.md#phone-numbers), else as typed. */
function storedPhone(text: string): string {
  const checked = text === '' ? null : checkPhoneNumber(text);
  return checked?.ok ? checked.number : text.replace(/\s+/g, '');
}

export type ContactCheck = { ok: true; contact: ContactFields } | { ok: false; message: string };

/**
 * Checks and normalises one contact; the first problem is the error a user sees. A consent date is a
 * day no later than today (`now`'s UTC day: Ghana's time).
 */
export function checkContact(input: Partial<Record<ContactField, unknown>>, now = Date.now()): ContactCheck {
  const contact: ContactFields = {
    firstname: cellText(input.firstname),
    middlename: cellText(input.middlename),
    surname: cellText(input.surname),
    email: cellText(input.email),
    phonenumber: storedPhone(cellText(input.phonenumber)),
    birthday: '',
    consentsource: cellText(input.consentsource),
    consentdate: '',
  };
  const emailError = contactEmailError(contact.email);
  if (emailError) return { ok: false, message: emailError };
  const birthday = birthdayDate(input.birthday);
  if (birthday === null) return { ok: false, message: INVALID_DATE };
  contact.birthday = birthday;
  if (contact.consentsource.length > MAX_CONSENT_SOURCE) return { ok: false, message: CONSENT_SOURCE_TOO_LONG };
  const consentDate = birthdayDate(input.consentdate);
  if (consentDate === null) return { ok: false, message: INVALID_CONSENT_DATE };
  if (consentDate > new Date(now).toISOString().slice(0, 10)) return { ok: false, message: FUTURE_CONSENT_DATE };
  contact.consentdate = consentDate;
  if (Object.values(contact).some((v) => v.length > MAX_FIELD_LENGTH)) return { ok: false, message: FIELD_TOO_LONG };
  return { ok: true, contact };
}

/** checkContact for a sheet row: a row with no field filled is refused too (it would load a blank contact). */
export function checkContactRow(input: Partial<Record<ContactField, unknown>>, now = Date.now()): ContactCheck {
  const checked = checkContact(input, now);
  if (checked.ok && CONTACT_FIELDS.every((f) => checked.contact[f] === '')) return { ok: false, message: EMPTY_ROW };
  return checked;
}
