// Phone book rules and texts (docs/product.md#phone-books): shared by the screens and the gateway.
import { formatAccra } from '../dates';
import { countText, plural } from '../plural';
import { displayPhone, phoneSearchForms } from '../numbers/phone-number';

export const MAX_GROUPNAME = 100;
export const GROUPNAME_REQUIRED = 'Please enter a name for the phone book';
export const GROUPNAME_TOO_LONG = `A phone book name must be at most ${MAX_GROUPNAME} characters`;
export const groupNameTaken = (name: string) => `You already have a phone book named ${name.trim()}`;

/** Why a new book's name is refused (names are unique per account, whatever their case), or null. */
export function groupNameError(name: string, existing: readonly string[]): string | null {
  const wanted = name.trim();
  if (!wanted) return GROUPNAME_REQUIRED;
  if (wanted.length > MAX_GROUPNAME) return GROUPNAME_TOO_LONG;
  const lower = wanted.toLowerCase();
  return existing.some((g) => g.trim().toLowerCase() === lower) ? groupNameTaken(wanted) : null;
}

export const contactsHeading = (groupname: string) => `Contacts of ${groupname}`;

export const contactCountText = (n: number) => countText(n, 'contact');

/** What an import did (docs/product.md#phone-books): loaded, already in the book (skipped), and rejected rows. */
export function importSummary(
  inserted: number,
  groupname: string,
  skipped: number,
  rejected: number,
  count: (n: number, noun: string) => string = plural,
): string {
  const skippedText = skipped ? `, ${count(skipped, 'contact')} already in the book (skipped)` : '';
  const rejectedText = rejected ? `, ${count(rejected, 'row')} rejected` : '';
  return `${count(inserted, 'contact')} loaded into ${groupname}${skippedText}${rejectedText}`;
}

/** Said in an import's preview, with no Load button, when the book holds every contact of the file already. */
export const NOTHING_NEW_TO_LOAD = 'Nothing new to load: every contact in this file is already in this phone book';
export const NO_CONTACT_TO_LOAD = 'No contact in this file can be loaded';

/**
 * An import's preview: the contacts new to the book are what is ready to load; one the book already holds (as
 * the device's copy tells, `inBook`) is skipped, never counted as ready (docs/product.md#for-contacts).
 */
export function importReady(rows: number, inBook: number): { ready: number; heading: string } {
  const ready = Math.max(0, rows - inBook);
  if (ready > 0) return { ready, heading: `${countText(ready, 'contact')} ready to load` };
  return { ready, heading: rows > 0 ? NOTHING_NEW_TO_LOAD : NO_CONTACT_TO_LOAD };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A birthday shown as a date only, whatever time part a gateway adds: a day has no time zone,
 * and a plain format keeps 100,000 of them cheap to show and to search.
 */
export function birthdayText(birthday: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday.trim());
  const month = day ? MONTHS[Number(day[2]) - 1] : undefined;
  return day && month ? `${Number(day[3])} ${month} ${day[1]}` : birthday.trim();
}

/** A book's creation day as shown on its card, in Accra. */
export const createdText = (setuptime: string) => (setuptime ? `Created ${formatAccra(setuptime, 'd MMM yyyy')}` : '');

/** The name a contact goes by in a list: its names, else its number, else its e-mail. */
export function contactName(c: {
  firstname: string;
  middlename: string;
  surname: string;
  phonenumber: string;
  email: string;
}): string {
  const name = [c.firstname, c.middlename, c.surname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return name || (c.phonenumber && displayPhone(c.phonenumber)) || c.email || 'No name';
}

/**
 * After a part of an import got no answer, whether it reached the gateway, told by the book's count
 * then: 'resend' it (it did not land), 'skip' it (it did), or 'unknown' (the book changed otherwise).
 */
export function lostPartOutcome(
  before: number,
  confirmed: number,
  partRows: number,
  nowTotal: number,
): 'resend' | 'skip' | 'unknown' {
  if (nowTotal === before + confirmed) return 'resend';
  if (nowTotal === before + confirmed + partRows) return 'skip';
  return 'unknown';
}

type Searchable = {
  firstname: string;
  middlename: string;
  surname: string;
  email: string;
  phonenumber: string;
  birthday: string;
  consentsource?: string;
  consentdate?: string;
};

/** A contact's consent as a line: "Consent: Signed form, 3 Mar 2026" ('' when neither is known). */
export function consentText(source: string | undefined, date: string | undefined): string {
  const parts = [source ?? '', date ? birthdayText(date) : ''].filter(Boolean);
  return parts.length ? `Consent: ${parts.join(', ')}` : '';
}

/** What a contact search looks through (every field but ids and reference keys, and the birthday as shown), lower-cased once. */
export function contactSearchText(c: Searchable): string {
  return [
    c.firstname,
    c.middlename,
    c.surname,
    c.email,
    c.phonenumber,
    displayPhone(c.phonenumber),
    c.birthday,
    birthdayText(c.birthday),
    // Consent lines only when known, so a contact without them keeps the search text it always had.
    ...[c.consentsource, c.consentdate && birthdayText(c.consentdate)].filter((v): v is string => !!v),
  ]
    .join('\n')
    .toLowerCase();
}

/** Indices of the texts that hold the search, case-insensitively; all of them for an empty search. */
export function searchIndices(texts: readonly string[], search: string): number[] | null {
  const needle = search.trim().toLowerCase();
  if (!needle) return null;
  // A number typed as 024… also finds it stored as 233… (docs/product.md#phone-numbers).
  const needles = [needle, ...phoneSearchForms(search)];
  const found: number[] = [];
  for (let i = 0; i < texts.length; i += 1) if (needles.some((n) => texts[i]!.includes(n))) found.push(i);
  return found;
}
