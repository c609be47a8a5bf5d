// Phone numbers as one canonical form, for decisions that must not depend on how a number is written
// (docs/product.md#phone-numbers): stored, compared, de-duplicated and searched canonical, shown by displayPhone.

const GHANA_CODE = '233';
/** A Ghana number without its country code: 9 digits (24 123 4567). */
const GHANA_NATIONAL_DIGITS = 9;

/**
 * Digits in international form without '+': '0244 000 001', '+233 24-400-0001', '00233244000001' and
 * '233244000001' are all '233244000001'. A number without a country code is taken as Ghana's.
 */
export function canonicalPhone(text: string): string {
  const raw = text.trim();
  const digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return GHANA_CODE + digits.slice(1);
  if (digits.startsWith(GHANA_CODE) || digits.length > 10) return digits;
  return GHANA_CODE + digits;
}

/** A Ghana number (+233), however it is written: sign-up sends it a code (docs/product.md#sign-up), whatever country is claimed. */
export const isGhanaNumber = (text: string): boolean => canonicalPhone(text).startsWith(GHANA_CODE);

// ITU-T E.164 country codes: those starting 1 or 7 have one digit, these two, every other three.
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);
const countryCodeLength = (digits: string): number =>
  digits.startsWith('1') || digits.startsWith('7') ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;

/**
 * A number as every screen shows it: a Ghana number in the local form people dial ('024 123 4567'), any
 * other with its country code ('+44 7700900123'). Text that is not a phone number is shown as it is.
 */
export function displayPhone(text: string): string {
  if (!/\d/.test(text) || /[^\d\s+().-]/.test(text.trim())) return text.trim();
  // As the spreadsheet check counts (sheet-number.ts): 8 to 15 digits after any '+' or '00'.
  const significant = text.replace(/\D/g, '').replace(/^00/, '');
  if (significant.length < 8 || significant.length > 15) return text.trim();
  const canonical = canonicalPhone(text);
  if (canonical.startsWith(GHANA_CODE) && canonical.length === GHANA_CODE.length + GHANA_NATIONAL_DIGITS) {
    const national = canonical.slice(GHANA_CODE.length);
    return `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  }
  const cc = countryCodeLength(canonical);
  return `+${canonical.slice(0, cc)} ${canonical.slice(cc)}`;
}

/**
 * What a search for a (part of a) phone number also looks for, lower-cased: '024 123' finds '233241234567'
 * as stored and '024 123 4567' as shown. Empty when the search is not digits of a phone number.
 */
export function phoneSearchForms(search: string): string[] {
  const text = search.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return [];
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return [];
  const forms = new Set<string>([digits]);
  if (digits.startsWith('00')) forms.add(digits.slice(2));
  else if (digits.startsWith('0') && !text.startsWith('+')) {
    forms.add(GHANA_CODE + digits.slice(1));
    // The shown form ('024 123 4567') with its spaces, for texts that hold it.
    forms.add([digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join(' '));
  }
  forms.delete(text.toLowerCase());
  return [...forms];
}
