// Recurring periods, how an interval is shown, and when the next runs fall (docs/product.md#recurring).
import type { RecurringPeriod } from '../types';
import { DAY_MS } from '../dates';
import { plural } from '../plural';

export const RECURRING_PERIODS: readonly RecurringPeriod[] = ['Hourly', 'Daily', 'Monthly', 'Yearly'];
export const DEFAULT_RECURRING_PERIOD: RecurringPeriod = 'Hourly';
/** The send form's interval until the user types another: every 1 hour, day, month or year. */
export const DEFAULT_RECURRING_INTERVAL = 1;

export const RECURRING_UNITS: Readonly<Record<RecurringPeriod, string>> = {
  Hourly: 'Hour(s)',
  Daily: 'Day(s)',
  Monthly: 'Month(s)',
  Yearly: 'Year(s)',
};

type Scale = { unit: string; smaller: string; factor: number };

// Each period's fraction is spelled in the next smaller unit; a month counts as 30 days.
const SCALES: Readonly<Record<RecurringPeriod, Scale>> = {
  Hourly: { unit: 'hour', smaller: 'minute', factor: 60 },
  Daily: { unit: 'day', smaller: 'hour', factor: 24 },
  Monthly: { unit: 'month', smaller: 'day', factor: 30 },
  Yearly: { unit: 'year', smaller: 'month', factor: 12 },
};

export function recurringDisplay(period: RecurringPeriod, interval: number): string {
  const { unit, smaller, factor } = SCALES[period];
  const total = Math.round(Math.max(0, interval) * factor);
  const whole = Math.floor(total / factor);
  const rest = total % factor;
  const parts = [whole > 0 ? plural(whole, unit) : '', rest > 0 ? plural(rest, smaller) : ''];
  return parts.filter(Boolean).join(' ') || plural(0, unit);
}

export const isRecurringPeriod = (value: string): value is RecurringPeriod =>
  (RECURRING_PERIODS as readonly string[]).includes(value);

// Africa/Accra is UTC+0 all year (no daylight saving), so Accra wall-clock arithmetic is UTC arithmetic.
const HOUR_MS = 3_600_000;
/** Birthday messages go out at 08:00 Accra time on the day (docs/product.md#birthdays). */
export const BIRTHDAY_HOUR = 8;
/** The shortest recurrence accepted, so a typo cannot turn into a message a second. */
export const MIN_RECURRING_STEP_MS = 60_000;
/** The longest: ten years between runs. A longer one is a typo, and its runs would leave the calendar. */
export const MAX_RECURRING_YEARS = 10;
const MAX_RECURRING_STEP_MS = Date.UTC(1970 + MAX_RECURRING_YEARS, 0, 1);

/** 'Hourly' also as 'hourly' or 'HOURLY': the original client's spellings differ only in case. */
export function parsePeriod(value: string | undefined): RecurringPeriod | null {
  const wanted = (value ?? '').trim().toLowerCase();
  return RECURRING_PERIODS.find((p) => p.toLowerCase() === wanted) ?? null;
}

function addUtcMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const month = d.getUTCMonth() + months;
  // The 31st of a short month is its last day, as a calendar would have it.
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(
    d.getUTCFullYear(),
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
}

/** The k-th delivery of a recurrence, counted from its anchor so that month ends do not drift. */
export function occurrence(anchor: number, period: RecurringPeriod, interval: number, k: number): number {
  const total = k * interval;
  switch (period) {
    case 'Hourly':
      return anchor + Math.round(total * HOUR_MS);
    case 'Daily':
      return anchor + Math.round(total * DAY_MS);
    case 'Monthly': {
      // A fraction of a month counts as days of a 30-day month, as recurringDisplay shows it.
      const whole = Math.floor(total + 1e-9);
      return addUtcMonths(anchor, whole) + Math.round((total - whole) * 30 * DAY_MS);
    }
    case 'Yearly': {
      const months = total * 12;
      const whole = Math.floor(months + 1e-9);
      return addUtcMonths(anchor, whole) + Math.round((months - whole) * 30 * DAY_MS);
    }
  }
}

/** What is wrong with a recurrence's step: none, under a minute (or no number), or over ten years. */
export function recurringStepProblem(period: RecurringPeriod, interval: number): 'too-short' | 'too-long' | null {
  if (Number.isNaN(interval) || interval <= 0) return 'too-short';
  const step = occurrence(0, period, interval, 1);
  if (Number.isNaN(step) || step > MAX_RECURRING_STEP_MS) return 'too-long';
  return step < MIN_RECURRING_STEP_MS ? 'too-short' : null;
}

/** The first slot from `fromSlot` on whose time is after `now`: runs missed while down are sent once, not each. */
export function nextSlotAfter(
  anchor: number,
  period: RecurringPeriod,
  interval: number,
  fromSlot: number,
  now: number,
): number {
  let k = fromSlot;
  if (period === 'Hourly' || period === 'Daily') {
    const step = occurrence(0, period, interval, 1);
    k = Math.max(k, Math.floor((now - anchor) / step) - 1);
  }
  while (occurrence(anchor, period, interval, k) <= now) k += 1;
  return k;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM-dd' of an instant in Accra. */
export function monthDay(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The birthdays celebrated on a day: 29 February ones on the 28th in other years. */
export function birthdaysOn(dayMs: number): string[] {
  const md = monthDay(dayMs);
  return md === '02-28' && !isLeap(new Date(dayMs).getUTCFullYear()) ? [md, '02-29'] : [md];
}

export const startOfDay = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/**
 * The next birthday run at or after `from`: 08:00 of the first day with a birthday. A birthday that is
 * today but past 08:00 goes out at `from` itself only when `todayIfLate` (a fresh registration).
 */
export function nextBirthdayRun(monthDays: ReadonlySet<string>, from: number, todayIfLate: boolean): number | null {
  if (monthDays.size === 0) return null;
  const first = startOfDay(from);
  for (let day = first; day < first + 4 * 366 * DAY_MS; day += DAY_MS) {
    if (!birthdaysOn(day).some((md) => monthDays.has(md))) continue;
    const at = day + BIRTHDAY_HOUR * HOUR_MS;
    if (at >= from) return at;
    if (todayIfLate) return from;
  }
  return null;
}
