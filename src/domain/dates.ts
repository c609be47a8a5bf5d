// Dates in the Africa/Accra zone (docs/product.md#dates-money-and-balances).
import { UTCDateMini } from '@date-fns/utc/date/mini';
import { format, parseISO } from 'date-fns';

// Africa/Accra (TIME_ZONE in constants.ts) is GMT all year, with no summer time: the tz database links
// it to Africa/Abidjan. So its wall time is UTC's, read and written with date-fns in UTC, without Intl:
// a page's first Intl formatter costs its start about 150 ms on a cheap phone, and a time-zone library
// builds one as it loads (docs/architecture.md "Numbers and dates without Intl").
// The small UTC date: the full one builds Intl formatters as it loads, for its own toString.
const inAccra = { in: (value: Date | number | string) => new UTCDateMini(value) };
/** An ISO-like wall time in Accra ('yyyy-MM-ddTHH:mm[:ss]') as a plain Date: Invalid Date when unreadable. */
const readAccra = (text: string): Date => new Date(parseISO(text, inAccra).getTime());

export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd HH:mm';
export const DELIVERY_TIME_PATTERN = 'yyyy-MM-dd HH:mm:00';
export const DAY_MS = 86_400_000;
/** A year of credit validity: 365 days (a tier's expiry is in years). */
export const YEAR_MS = 365 * DAY_MS;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(when: Date | string | number): Date {
  // A bare date names a day in Accra, not UTC midnight of some other zone.
  if (typeof when === 'string' && DATE_ONLY.test(when.trim())) return readAccra(`${when.trim()}T00:00:00`);
  return when instanceof Date ? when : new Date(when);
}

export function isValidDate(value: Date | string | number | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Number.isNaN(toDate(value).getTime());
}

// An invalid date renders as nothing rather than throwing inside a list row.
export function formatAccra(when: Date | string | number, pattern: string = DEFAULT_DATE_PATTERN): string {
  if (!isValidDate(when)) return '';
  return format(toDate(when), pattern, inAccra);
}

export function expectedDeliveryTime(when: Date): string {
  return format(when, DELIVERY_TIME_PATTERN, inAccra);
}

// Reads Accra wall time ('yyyy-MM-dd HH:mm[:ss]') back into an instant, as the gateway's scheduler needs.
export function fromAccraWallTime(text: string): Date {
  return readAccra(text.trim().replace(' ', 'T'));
}

export const fromEpochSeconds = (seconds: number): Date => new Date(seconds * 1000);

// The ceiling of elapsed 365-day years (docs/product.md#personalisation); an unborn or unreadable date is age 0.
export function birthdayAge(birthday: string, on: Date): number {
  if (!isValidDate(birthday) || Number.isNaN(on.getTime())) return 0;
  const elapsed = on.getTime() - toDate(birthday).getTime();
  return elapsed > 0 ? Math.ceil(elapsed / YEAR_MS) : 0;
}
