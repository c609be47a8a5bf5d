import { describe, expect, it } from 'vitest';
import {
  heldUntil,
  isQuiet,
  minutesOf,
  NO_QUIET_HOURS,
  quietHoursEnd,
  quietHoursSummary,
  SUGGESTED_QUIET_HOURS,
  timeOfDay,
} from '../../../src/domain/send/quiet-hours';

// Accra keeps UTC all year: these instants are its wall clock. 2026-12-05 is a Saturday.
const at = (text: string) => Date.parse(`${text}:00Z`);
const NIGHTS = SUGGESTED_QUIET_HOURS;
const NIGHTS_AND_SUNDAYS = { ...SUGGESTED_QUIET_HOURS, sundays: true };

describe('quiet hours', () => {
  it('reads and writes times of day', () => {
    expect(minutesOf('20:00')).toBe(1200);
    expect(minutesOf(' 08:30 ')).toBe(510);
    for (const bad of ['24:00', '8:00', '20:60', '2000', '', 'noon']) expect(minutesOf(bad)).toBeNull();
    expect(timeOfDay(480)).toBe('08:00');
    expect(timeOfDay(1439)).toBe('23:59');
  });

  it('holds from 20:00 to 08:00 across midnight, and not at 08:00 itself', () => {
    expect(isQuiet(NIGHTS, at('2026-12-03T19:59'))).toBe(false);
    expect(isQuiet(NIGHTS, at('2026-12-03T20:00'))).toBe(true);
    expect(isQuiet(NIGHTS, at('2026-12-04T03:00'))).toBe(true);
    expect(isQuiet(NIGHTS, at('2026-12-04T07:59'))).toBe(true);
    expect(isQuiet(NIGHTS, at('2026-12-04T08:00'))).toBe(false);
    expect(quietHoursEnd(NIGHTS, at('2026-12-03T21:15'))).toBe(at('2026-12-04T08:00'));
    expect(quietHoursEnd(NIGHTS, at('2026-12-04T02:00'))).toBe(at('2026-12-04T08:00'));
    expect(quietHoursEnd(NIGHTS, at('2026-12-04T12:00'))).toBe(at('2026-12-04T12:00'));
  });

  it('holds a window within one day', () => {
    const lunch = { start: 12 * 60, end: 14 * 60, sundays: false };
    expect(quietHoursEnd(lunch, at('2026-12-04T12:30'))).toBe(at('2026-12-04T14:00'));
    expect(isQuiet(lunch, at('2026-12-04T14:00'))).toBe(false);
    expect(isQuiet(lunch, at('2026-12-04T11:59'))).toBe(false);
  });

  it('chains a Saturday night into a quiet Sunday and ends on Monday morning', () => {
    expect(quietHoursEnd(NIGHTS_AND_SUNDAYS, at('2026-12-05T22:00'))).toBe(at('2026-12-07T08:00'));
    expect(quietHoursEnd(NIGHTS_AND_SUNDAYS, at('2026-12-06T15:00'))).toBe(at('2026-12-07T08:00'));
    // Without Sundays, Sunday daytime is open.
    expect(quietHoursEnd(NIGHTS, at('2026-12-05T22:00'))).toBe(at('2026-12-06T08:00'));
    expect(isQuiet(NIGHTS, at('2026-12-06T15:00'))).toBe(false);
    // Sundays alone: Monday 00:00.
    expect(quietHoursEnd({ ...NO_QUIET_HOURS, sundays: true }, at('2026-12-06T15:00'))).toBe(at('2026-12-07T00:00'));
  });

  it('holds promotional sends only, and only inside the quiet hours', () => {
    const night = at('2026-12-03T23:00');
    expect(heldUntil(NIGHTS, 'promotional', night)).toBe(at('2026-12-04T08:00'));
    expect(heldUntil(NIGHTS, 'transactional', night)).toBeNull();
    expect(heldUntil(NIGHTS, 'promotional', at('2026-12-04T09:00'))).toBeNull();
    expect(heldUntil(NO_QUIET_HOURS, 'promotional', night)).toBeNull();
  });

  it('says what is held in words', () => {
    expect(quietHoursSummary(NO_QUIET_HOURS)).toBe('Off: promotional sends go out at any hour.');
    expect(quietHoursSummary(NIGHTS_AND_SUNDAYS)).toBe(
      'Promotional sends are held 20:00 to 08:00 every day and all of Sunday (Africa/Accra).',
    );
  });
});
