import { describe, expect, it } from 'vitest';
import { ratesOn, taxLines, TAX_RATES, toPesewas } from '../../../src/domain/money/tax';

const act1151 = ratesOn('2026-11-20');

describe('Ghana’s taxes on a purchase', () => {
  it('charges VAT 15 %, NHIL 2.5 % and GETFund 2.5 % on one value from 1 January 2026', () => {
    expect(act1151).toMatchObject({ vat: 1500, nhil: 250, getfund: 250, law: 'VAT Act 2025 (Act 1151)' });
    expect(ratesOn('2026-01-01')).toBe(act1151);
    expect(ratesOn('2025-12-31')).toBeNull();
    expect(TAX_RATES.map((r) => r.from)).toEqual([...TAX_RATES.map((r) => r.from)].sort());
  });

  it('adds the taxes to a price without them', () => {
    expect(taxLines(10_000, false, act1151)).toEqual({
      base: 10_000,
      vat: 1500,
      nhil: 250,
      getfund: 250,
      total: 12_000,
    });
    // GHS 123.45: 18.5175 → 18.52, 3.08625 → 3.09 each.
    expect(taxLines(12_345, false, act1151)).toEqual({
      base: 12_345,
      vat: 1852,
      nhil: 309,
      getfund: 309,
      total: 14_815,
    });
  });

  it('takes the taxes out of a price that includes them, to the pesewa', () => {
    // GHS 120 is GHS 100 and its taxes.
    expect(taxLines(12_000, true, act1151)).toEqual({
      base: 10_000,
      vat: 1500,
      nhil: 250,
      getfund: 250,
      total: 12_000,
    });
    // GHS 100: value 83.33, VAT 12.50, NHIL 2.08, GETFund 2.08; the lines add up to what was paid.
    expect(taxLines(10_000, true, act1151)).toEqual({ base: 8334, vat: 1250, nhil: 208, getfund: 208, total: 10_000 });
  });

  it('always adds up, and each tax is its rate of the value within a pesewa', () => {
    for (let amount = 1; amount <= 200_000; amount += 37) {
      for (const includes of [true, false]) {
        const l = taxLines(amount, includes, act1151);
        expect(l.base + l.vat + l.nhil + l.getfund).toBe(l.total);
        expect(Math.abs(l.vat - l.base * 0.15)).toBeLessThanOrEqual(1);
        expect(Math.abs(l.nhil - l.base * 0.025)).toBeLessThanOrEqual(1);
        if (includes) expect(l.total).toBe(amount);
        else expect(l.base).toBe(amount);
      }
    }
  });

  it('has no tax lines before the first rates, and refuses what is not pesewas', () => {
    expect(taxLines(5000, true, null)).toEqual({ base: 5000, vat: 0, nhil: 0, getfund: 0, total: 5000 });
    expect(() => taxLines(10.5, true, act1151)).toThrow(RangeError);
    expect(toPesewas(0.29)).toBe(29);
    expect(toPesewas(1234.56)).toBe(123_456);
  });
});
