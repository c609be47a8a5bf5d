// Recurring periods, their units and how an interval is shown (docs/product.md#recurring).
import type { RecurringPeriod } from './types';
import { plural } from './plural';

export const RECURRING_PERIODS: readonly RecurringPeriod[] = ['Hourly', 'Daily', 'Monthly', 'Yearly'];
export const DEFAULT_RECURRING_PERIOD: RecurringPeriod = 'Hourly';

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
