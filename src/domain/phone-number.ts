// Phone numbers as one canonical form, for decisions that must not depend on how a number is written.

const GHANA_CODE = '233';

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
