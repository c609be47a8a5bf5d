import { describe, expect, it } from 'vitest';
import { formatNumber, numberFormat, type NumberFormatOptions } from '../../../src/domain/numbers/number-format';

const OPTIONS: NumberFormatOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 1, maximumFractionDigits: 4 },
];

// A fixed sequence, so a failure names the same numbers on every run.
function* numbers(): Generator<number> {
  yield* [0, 1, 9, 10, 999, 1000, 1234.5, 100000, 999999.999, 1e21, 1.5e22, 0.1 + 0.2, 1e-7, 5e-324];
  yield* [1.005, 2.675, 1.0049999, 0.125, 0.5, 2.5, 99.995, 9.9995, 1234567.891, 4.35, 1.45, 8.345];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(next() * 9);
    const places = Math.floor(next() * 5);
    yield Math.round(next() * scale * 10 ** places) / 10 ** places;
    yield next() * scale;
  }
}

describe('formatNumber', () => {
  it('writes every number as Intl.NumberFormat en-US does, for each set of fraction digits the app uses', () => {
    for (const options of OPTIONS) {
      const intl = new Intl.NumberFormat('en-US', options);
      for (const n of numbers())
        for (const signed of [n, -n]) {
          const expected = intl.format(signed).replace(/^-(0(\.0*)?)$/, '$1');
          expect([signed, options, formatNumber(signed, options)]).toEqual([signed, options, expected]);
        }
    }
  });

  it('rounds the decimal a number prints as, half away from zero: money never loses a pesewa to binary', () => {
    expect(formatNumber(1.005, { maximumFractionDigits: 2 })).toBe('1.01');
    expect(formatNumber(-2.675, { maximumFractionDigits: 2 })).toBe('-2.68');
    expect(formatNumber(999.995, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('1,000.00');
    expect(formatNumber(12.5, { maximumFractionDigits: 2 })).toBe('12.5');
  });

  it('writes zero without a sign, and what is not a number as Intl does', () => {
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.0001, { maximumFractionDigits: 2 })).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('NaN');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('∞');
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe('-∞');
  });

  it('keeps the shape of Intl.NumberFormat for a module that formats with its own options', () => {
    expect(numberFormat({ maximumFractionDigits: 2 }).format(1234.567)).toBe('1,234.57');
    expect(numberFormat().format(100000)).toBe('100,000');
  });
});
