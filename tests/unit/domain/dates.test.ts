import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInTimeZone, fromZonedTime, toZonedTime } from 'date-fns-tz';
import {
  birthdayAge,
  expectedDeliveryTime,
  formatAccra,
  fromAccraWallTime,
  fromEpochSeconds,
  isValidDate,
} from '../../../src/domain/dates';
import { TIME_ZONE } from '../../../src/domain/constants';

const accra = (wallTime: string): Date => fromZonedTime(wallTime, 'Africa/Accra');

// A machine far from Accra proves nothing leans on the local zone.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('Accra is UTC+0 without DST', () => {
  it.each(['2025-01-01T00:00:00', '2025-07-01T00:00:00'])('%s Accra is the same UTC instant', (wall) => {
    expect(accra(wall).toISOString()).toBe(`${wall}.000Z`);
  });
});

describe('dates written at a fixed offset, without Intl', () => {
  it('reads what the zone library read, and refuses what it refused', () => {
    for (const text of [
      '2024-05-01 10:00',
      '2024-05-01 10:00:30',
      '2024-05-01T10:00',
      ' 2024-05-01 10:00 ',
      '2024-05-01',
      '2024-05-01 10:00:30.250',
      '2024-02-29 23:59:59',
      '2024-02-30 10:00',
      '2024-13-01 10:00',
      '2024-05-01 25:00',
      '2024-05-01 10:61',
      '2024-5-1 10:00',
      '10:00',
      'tomorrow',
      '',
      '2024-05-01 10:00 extra',
    ]) {
      const before = fromZonedTime(text.trim().replace(' ', 'T'), TIME_ZONE).getTime();
      expect([text, fromAccraWallTime(text).getTime()]).toEqual([text, before]);
    }
    for (const day of ['2024-05-01', '1990-12-31', '2024-02-30'])
      expect([day, formatAccra(day, 'yyyy-MM-dd HH:mm')]).toEqual([
        day,
        isNaN(fromZonedTime(`${day}T00:00:00`, TIME_ZONE).getTime()) ? '' : `${day} 00:00`,
      ]);
  });

  it('formats and reads each day from 1950 to 2060 as the Africa/Accra zone of the tz database does', () => {
    const step = 7 * 86_400_000 + 3_600_000 + 60_000; // a week, an hour and a minute: every weekday and hour comes round
    for (let t = Date.UTC(1950, 0, 1); t < Date.UTC(2060, 0, 1); t += step) {
      const when = new Date(t);
      const wall = formatInTimeZone(when, TIME_ZONE, 'yyyy-MM-dd HH:mm:ss');
      expect([t, formatAccra(when, 'yyyy-MM-dd HH:mm:ss')]).toEqual([t, wall]);
      expect([wall, fromAccraWallTime(wall).getTime()]).toEqual([wall, fromZonedTime(wall, TIME_ZONE).getTime()]);
    }
  });
});

describe('expectedDeliveryTime', () => {
  it.each([
    ['2025-01-01T00:00:00', '2025-01-01 00:00:00'],
    ['2024-12-31T23:59:59', '2024-12-31 23:59:00'],
    ['2025-03-09T14:37:45', '2025-03-09 14:37:00'],
    ['2024-02-29T00:00:00', '2024-02-29 00:00:00'],
  ])('%s Accra -> %s', (wall, expected) => {
    expect(expectedDeliveryTime(accra(wall))).toBe(expected);
  });

  it('reads midnight the same way from a zoned date', () => {
    const midnight = accra('2025-06-01T00:00:00');
    expect(toZonedTime(midnight, 'Africa/Accra').getHours()).toBe(0);
    expect(expectedDeliveryTime(midnight)).toBe('2025-06-01 00:00:00');
  });

  it('round-trips through fromAccraWallTime', () => {
    expect(fromAccraWallTime('2025-01-01 00:00:00').getTime()).toBe(accra('2025-01-01T00:00:00').getTime());
    expect(expectedDeliveryTime(fromAccraWallTime('2025-05-05 08:15'))).toBe('2025-05-05 08:15:00');
  });
});

describe('formatAccra', () => {
  it.each<[Date | string | number, string | undefined, string]>([
    ['2025-01-01T00:00:00Z', undefined, '2025-01-01 00:00'],
    ['2024-12-31T23:59:59.999Z', undefined, '2024-12-31 23:59'],
    ['2025-01-01', 'yyyy-MM-dd HH:mm', '2025-01-01 00:00'],
    [Date.UTC(2025, 0, 1), 'dd/MM/yyyy', '01/01/2025'],
    [fromEpochSeconds(1_735_689_600), 'yyyy-MM-dd', '2025-01-01'],
    ['not a date', undefined, ''],
    ['', undefined, ''],
  ])('%j as %s -> %j', (when, pattern, expected) => {
    expect(formatAccra(when, pattern)).toBe(expected);
  });
});

describe('isValidDate', () => {
  it.each<[Date | string | number | null | undefined, boolean]>([
    [null, false],
    [undefined, false],
    ['', false],
    ['nope', false],
    [new Date(Number.NaN), false],
    ['2025-01-01', true],
    [new Date(0), true],
    [0, true],
  ])('%j -> %s', (value, expected) => {
    expect(isValidDate(value)).toBe(expected);
  });
});

describe('birthdayAge', () => {
  it.each([
    ['2024-01-01', '2024-01-01T00:00:00', 0],
    ['2024-01-01', '2024-01-01T00:00:01', 1],
    ['2024-01-01', '2024-12-31T00:00:00', 1],
    ['2024-01-01', '2024-12-31T00:00:01', 2],
    ['2000-06-15', '2025-06-05T00:00:00', 25],
    ['2030-01-01', '2025-01-01T00:00:00', 0],
    ['garbage', '2025-01-01T00:00:00', 0],
  ])('born %s, on %s Accra -> %d', (birthday, on, age) => {
    expect(birthdayAge(birthday, accra(on))).toBe(age);
  });

  it('counts 365-day years, so leap days accumulate', () => {
    // 2000-01-01 to 2025-01-01 is 9132 days: 25.02 years of 365 days, ceiling 26.
    expect(birthdayAge('2000-01-01', accra('2025-01-01T00:00:00'))).toBe(26);
  });
});
