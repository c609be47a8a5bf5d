import { describe, expect, it } from 'vitest';
import {
  RESELLER_RATE_TABLE,
  acceptsReferralPercentageInput,
  isExpiryEditable,
  isPriceTierAcceptable,
  newPriceTier,
  parseLocalRate,
  referralFractionToPercent,
  referralPercentToFraction,
  resellerRate,
  smsCredits,
} from '../../../src/domain/money/pricing';
import { LANDING_PRICES, formatExpiry, priceTableRows } from '../../../src/domain/money/price-table';

// All 14 landing-page rows (docs/product.md#price-tables): price, rate, credits.
const LANDING_ROWS = [
  [20, 0.029, 690],
  [50, 0.0278, 1799],
  [100, 0.0266, 3760],
  [200, 0.0254, 7875],
  [500, 0.0242, 20662],
  [1000, 0.023, 43479],
  [2000, 0.0218, 91744],
  [20, 0.034, 589],
  [50, 0.0328, 1525],
  [100, 0.0316, 3165],
  [200, 0.0304, 6579],
  [500, 0.0292, 17124],
  [1000, 0.028, 35715],
  [2000, 0.0268, 74627],
] as const;

describe('smsCredits', () => {
  it.each(LANDING_ROWS)('GHS %d at %d gives %d credits', (price, rate, credits) => {
    expect(smsCredits(price, rate)).toBe(credits);
  });

  // Each quotient is a whole number in decimal; Math.ceil(price / rate) adds one to the first five.
  it.each([
    [2.1, 0.3, 7],
    [2.1, 0.7, 3],
    [0.27, 0.03, 9],
    [37.968, 0.048, 791],
    [0.0834, 0.0278, 3],
    [0.3, 0.1, 3],
    [0.7, 0.1, 7],
    [1.1, 0.1, 11],
    [100, 0.05, 2000],
    [4.35, 0.0145, 300],
    [0.69, 0.023, 30],
    [20, 0.025, 800],
    [1, 0.001, 1000],
    [2.675, 0.025, 107],
  ])('GHS %d at %d is exactly %d, not one more', (price, rate, credits) => {
    expect(smsCredits(price, rate)).toBe(credits);
  });

  it.each([
    [1, 3, 1],
    [10, 3, 4],
    [0.1, 0.03, 4],
    [1e-7, 1e-8, 10],
    [1e21, 1, 1e21],
  ])('rounds GHS %d at %d up to %d', (price, rate, credits) => {
    expect(smsCredits(price, rate)).toBe(credits);
  });

  it.each([
    [0, 0.048],
    [20, 0],
    [-5, 0.029],
    [20, -0.1],
    [Number.NaN, 0.029],
    [20, Number.POSITIVE_INFINITY],
  ])('gives no credits for GHS %d at %d', (price, rate) => {
    expect(smsCredits(price, rate)).toBe(0);
  });
});

describe('landing price table', () => {
  it.each(['REGULAR', 'PREMIUM'] as const)('%s rows match the landing tables', (type) => {
    const rows = priceTableRows(LANDING_PRICES[type]);
    const expected = LANDING_ROWS.slice(type === 'REGULAR' ? 0 : 7, type === 'REGULAR' ? 7 : 14);
    expect(rows.map((r) => [r.price, r.rate, r.credits])).toEqual(expected.map((r) => [...r]));
    expect(rows.at(-1)?.priceLabel).toBe('2000 or more');
    expect(rows.filter((r) => r.orMore)).toHaveLength(1);
    expect(rows[0]?.expiryLabel).toBe(type === 'REGULAR' ? '3 months' : '1 year');
  });

  it('sorts tiers by price and marks only the last as or more', () => {
    const rows = priceTableRows([
      { id: 2, price: 50, rate: 0.02, expiry: 1 },
      { id: 1, price: 10, rate: 0.02, expiry: 1 },
    ]);
    expect(rows.map((r) => r.priceLabel)).toEqual(['10', '50 or more']);
    expect(priceTableRows([])).toEqual([]);
  });

  it.each([
    [0.25, '3 months'],
    [1, '1 year'],
    [1.5, '1 year 6 months'],
    [2, '2 years'],
    [1 / 12, '1 month'],
    [0, '0 months'],
    [2.75, '2 years 9 months'],
  ])('expiry %d years reads %s', (years, label) => {
    expect(formatExpiry(years)).toBe(label);
  });
});

describe('resellerRate', () => {
  it.each([
    [0, 0.025],
    [50_000, 0.025],
    [50_001, 0.024],
    [100_000, 0.024],
    [100_001, 0.023],
    [200_000, 0.023],
    [200_001, 0.022],
    [500_000, 0.022],
    [500_001, 0.021],
    [1_000_000, 0.021],
    [1_000_001, 0.02],
    [50_000.5, 0.024],
    [10_000_000, 0.02],
  ])('volume %d -> %d', (volume, rate) => {
    expect(resellerRate(volume)).toBe(rate);
  });

  it('lists six bands, the last open-ended', () => {
    expect(RESELLER_RATE_TABLE).toHaveLength(6);
    expect(RESELLER_RATE_TABLE.at(-1)?.max).toBeNull();
  });
});

describe('price tiers', () => {
  it('starts new tiers at the defaults', () => {
    expect(newPriceTier('REGULAR', 3)).toEqual({ id: 3, price: 0, rate: 0.048, expiry: 0.25 });
    expect(newPriceTier('PREMIUM', 4)).toEqual({ id: 4, price: 0, rate: 0.048, expiry: 1 });
    expect(isExpiryEditable('PREMIUM')).toBe(true);
    expect(isExpiryEditable('REGULAR')).toBe(false);
  });

  it.each([
    ['20', '0.029', true],
    [' 20 ', '.029', true],
    [20, 0.029, true],
    ['0', '0.048', true],
    ['', '0.029', false],
    ['20', '', false],
    ['   ', '0.029', false],
    ['abc', '0.029', false],
    ['20', '0', false],
    ['20', '0.000', false],
    ['20', '1e-2', false],
    ['-20', '0.029', false],
    ['20', '-0.029', false],
  ])('price %j rate %j acceptable: %s', (price, rate, ok) => {
    expect(isPriceTierAcceptable(price, rate)).toBe(ok);
  });

  it.each([
    ['', true],
    ['10', true],
    ['1.5', false],
    ['-1', false],
    ['1O', false],
  ])('referral percentage input %j accepted: %s', (value, ok) => {
    expect(acceptsReferralPercentageInput(value)).toBe(ok);
  });

  it('converts the stored referral fraction without float noise', () => {
    expect(referralFractionToPercent(0.07)).toBe(7);
    expect(referralFractionToPercent(0.1)).toBe(10);
    expect(referralPercentToFraction(7)).toBe(0.07);
    expect(referralPercentToFraction(10)).toBe(0.1);
  });
});

describe('parseLocalRate', () => {
  it('reads the JSON text of the wire', () => {
    const text =
      '{"REGULAR":[{"id":1,"price":20,"rate":0.029,"expiry":0.25}],"PREMIUM":[{"id":2,"price":"50","rate":"0.0328","expiry":1}]}';
    expect(parseLocalRate(text)).toEqual({
      REGULAR: [{ id: 1, price: 20, rate: 0.029, expiry: 0.25 }],
      PREMIUM: [{ id: 2, price: 50, rate: 0.0328, expiry: 1 }],
    });
  });

  it.each(['', '   ', 'not json', 'null', '[]', '{"REGULAR":"x"}'])('treats %j as no tiers', (text) => {
    expect(parseLocalRate(text)).toEqual({ REGULAR: [], PREMIUM: [] });
  });

  it('drops malformed tiers and keeps the rest', () => {
    const text = '{"REGULAR":[null,{"price":"x","rate":1},{"price":10,"rate":0.02}]}';
    expect(parseLocalRate(text).REGULAR).toEqual([{ id: 3, price: 10, rate: 0.02, expiry: 0 }]);
    expect(parseLocalRate(undefined)).toEqual({ REGULAR: [], PREMIUM: [] });
  });
});
