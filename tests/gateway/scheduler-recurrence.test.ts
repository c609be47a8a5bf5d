import { describe, expect, it } from 'vitest';
import {
  birthdaysOn,
  nextBirthdayRun,
  nextSlotAfter,
  occurrence,
  parsePeriod,
  recurringStepProblem,
} from '../../src/domain/messages/recurrence';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('recurrence arithmetic (Accra = UTC+0)', () => {
  it('counts hours, days, months and years from the anchor, month ends included', () => {
    const anchor = at('2027-01-31T09:00:00Z');
    expect(iso(occurrence(anchor, 'Hourly', 1.5, 2))).toBe('2027-01-31T12:00:00.000Z');
    expect(iso(occurrence(anchor, 'Daily', 2, 3))).toBe('2027-02-06T09:00:00.000Z');
    expect(iso(occurrence(anchor, 'Monthly', 1, 1))).toBe('2027-02-28T09:00:00.000Z');
    expect(iso(occurrence(anchor, 'Monthly', 1, 2))).toBe('2027-03-31T09:00:00.000Z');
    expect(iso(occurrence(anchor, 'Monthly', 0.5, 1))).toBe('2027-02-15T09:00:00.000Z');
    expect(iso(occurrence(at('2028-02-29T08:00:00Z'), 'Yearly', 1, 1))).toBe('2029-02-28T08:00:00.000Z');
  });

  it('jumps over runs missed while down to the next slot after now', () => {
    const anchor = at('2026-11-20T10:30:00Z');
    expect(nextSlotAfter(anchor, 'Hourly', 2, 1, at('2026-11-20T10:30:00Z'))).toBe(1);
    expect(nextSlotAfter(anchor, 'Hourly', 2, 2, at('2026-11-20T17:00:00Z'))).toBe(4);
    expect(nextSlotAfter(anchor, 'Monthly', 1, 1, at('2027-05-01T00:00:00Z'))).toBe(6);
  });

  it('reads periods in any case and refuses steps under a minute or over ten years', () => {
    expect(parsePeriod('daily')).toBe('Daily');
    expect(parsePeriod('HOURLY')).toBe('Hourly');
    expect(parsePeriod('Weekly')).toBeNull();
    expect(recurringStepProblem('Hourly', 0.01)).toBe('too-short');
    expect(recurringStepProblem('Hourly', 0.02)).toBeNull();
    expect(recurringStepProblem('Daily', 0)).toBe('too-short');
    expect(recurringStepProblem('Daily', Number.NaN)).toBe('too-short');
    expect(recurringStepProblem('Yearly', 10)).toBeNull();
    expect(recurringStepProblem('Monthly', 120)).toBeNull();
    expect(recurringStepProblem('Daily', 3652)).toBeNull();
    expect(recurringStepProblem('Hourly', 87_648)).toBeNull();
    expect(recurringStepProblem('Yearly', 10.1)).toBe('too-long');
    expect(recurringStepProblem('Monthly', 121)).toBe('too-long');
    expect(recurringStepProblem('Daily', 3654)).toBe('too-long');
    expect(recurringStepProblem('Hourly', 3e12)).toBe('too-long');
    expect(recurringStepProblem('Yearly', 1e300)).toBe('too-long');
    expect(recurringStepProblem('Daily', Number.POSITIVE_INFINITY)).toBe('too-long');
  });
});

describe('birthday runs', () => {
  it('celebrates 29 February on the 28th in common years', () => {
    expect(birthdaysOn(at('2027-02-28T00:00:00Z'))).toEqual(['02-28', '02-29']);
    expect(birthdaysOn(at('2028-02-28T00:00:00Z'))).toEqual(['02-28']);
    expect(birthdaysOn(at('2028-02-29T00:00:00Z'))).toEqual(['02-29']);
  });

  it('plans 08:00 of the next birthday, today only when not yet past or on a fresh registration', () => {
    const days = new Set(['11-20', '02-29']);
    expect(iso(nextBirthdayRun(days, at('2026-11-20T07:00:00Z'), false))).toBe('2026-11-20T08:00:00.000Z');
    expect(iso(nextBirthdayRun(days, at('2026-11-20T10:00:00Z'), true))).toBe('2026-11-20T10:00:00.000Z');
    expect(iso(nextBirthdayRun(days, at('2026-11-20T10:00:00Z'), false))).toBe('2027-02-28T08:00:00.000Z');
    expect(nextBirthdayRun(new Set(), at('2026-11-20T10:00:00Z'), true)).toBeNull();
  });
});
