// Dates in the Africa/Accra zone (docs/product.md#dates-money-and-balances).
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { TIME_ZONE } from './constants';

export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd HH:mm';
export const DELIVERY_TIME_PATTERN = 'yyyy-MM-dd HH:mm:00';
export const DAY_MS = 86_400_000;
/** A year of credit validity: 365 days (a tier's expiry is in years). */
export const YEAR_MS = 365 * DAY_MS;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(when: Date | string | number): Date {
  // A bare date names a day in Accra, not UTC midnight of some other zone.
  if (typeof when === 'string' && DATE_ONLY.test(when.trim()))
    return fromZonedTime(`${when.trim()}T00:00:00`, TIME_ZONE);
  return when instanceof Date ? when : new Date(when);
}

export function isValidDate(value: Date | string | number | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Number.isNaN(toDate(value).getTime());
}

// An invalid date renders as nothing rather than throwing inside a list row.
export function formatAccra(when: Date | string | number, pattern: string = DEFAULT_DATE_PATTERN): string {
  if (!isValidDate(when)) return '';
  return formatInTimeZone(toDate(when), TIME_ZONE, pattern);
}

export function expectedDeliveryTime(when: Date): string {
  return formatInTimeZone(when, TIME_ZONE, DELIVERY_TIME_PATTERN);
}

// Reads Accra wall time ('yyyy-MM-dd HH:mm[:ss]') back into an instant, as the gateway's scheduler needs.
export function fromAccraWallTime(text: string): Date {
  return fromZonedTime(text.trim().replace(' ', 'T'), TIME_ZONE);
}

export const fromEpochSeconds = (seconds: number): Date => new Date(seconds * 1000);

// The ceiling of elapsed 365-day years (docs/product.md#personalisation); an unborn or unreadable date is age 0.
export function birthdayAge(birthday: string, on: Date): number {
  if (!isValidDate(birthday) || Number.isNaN(on.getTime())) return 0;
  const elapsed = on.getTime() - toDate(birthday).getTime();
  return elapsed > 0 ? Math.ceil(elapsed / YEAR_MS) : 0;
}
