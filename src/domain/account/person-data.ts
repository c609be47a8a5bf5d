// A person's data (docs/compliance.md#a-persons-data): everything an account holds about one phone
// number, exported or erased on the person's request. Shared by the gateway and the Opt-outs page.
import { canonicalPhone } from '../numbers/phone-number';
import { optOutNumber } from '../numbers/opt-out';
import type { ContactFields } from '../contacts/contact-fields';

/** The digits an erased number keeps at its end, so a history line can still be told apart. */
export const KEPT_DIGITS = 3;

/** A number as erased: every digit but the last three hidden ('233241000102' → '*********102'). */
export const maskedPhone = (canonical: string): string =>
  '*'.repeat(Math.max(0, canonical.length - KEPT_DIGITS)) + canonical.slice(-KEPT_DIGITS);

/** Whether a stored number is one an erasure masked (never a phone number again, never sent to). */
export const isMaskedPhone = (text: string): boolean => text.includes('*');

// A written number inside a longer text: digits with the separators people type, at least 8 digits long.
const WRITTEN_NUMBER = /\+?\d[\d\s().-]{6,22}\d/g;

/**
 * The text with every writing of this number (canonical, local '024…', '+233 24…') masked; other
 * numbers and text are left as they are. A run of numbers split by spaces is checked piece by piece.
 */
export function maskPhoneIn(text: string, canonical: string): string {
  const masked = maskedPhone(canonical);
  return text.replace(WRITTEN_NUMBER, (found) => {
    if (canonicalPhone(found) === canonical) return masked;
    return found.replace(/\+?\d+/g, (piece) => (canonicalPhone(piece) === canonical ? masked : piece));
  });
}

/** The forms a number may be stored in besides its canonical one (rows written before numbers were canonical). */
export function storedForms(canonical: string): string[] {
  const forms = new Set([canonical, `+${canonical}`]);
  if (canonical.startsWith('233')) forms.add(`0${canonical.slice(3)}`);
  return [...forms];
}

export const PERSON_NUMBER_INVALID = 'Please enter a phone number, for example 024 123 4567';
export const PERSON_CONFIRM_MISMATCH = 'The number typed to confirm is not the number being erased: nothing was erased';
export const PERSON_STILL_SENDING =
  'A message to this number is still on its way. Please erase it once that message has been delivered or has failed';

/** The number of a request as kept (canonical), or null when it is not a phone number. */
export const personNumber = (text: string): string | null => optOutNumber(text);

/** Everything an account holds about one number, as its Excel export lists it (times in Accra, words as shown). */
export type PersonExport = {
  number: string;
  contacts: (ContactFields & { groupname: string })[];
  /** `clicks`: how many times its short links were clicked ('' for a send without short links). */
  messages: { time: string; sender: string; text: string; status: string; clicks: string }[];
  optout: { reason: string; date: string; note: string } | null;
  inbound: { time: string; to: string; text: string }[];
};
