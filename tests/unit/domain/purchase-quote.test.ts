import { describe, expect, it } from 'vitest';
import {
  amountForCredits,
  expiryAfterPurchase,
  previewPurchase,
  quoteTerms,
} from '../../../src/domain/money/purchase-quote';
import { LANDING_PRICES } from '../../../src/domain/money/price-table';
import { YEAR_MS } from '../../../src/domain/dates';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const localrate = JSON.stringify(LANDING_PRICES);
const regular = { accountType: 'REGULAR' as const, localrate, applicableRate: 0, creditexpires: 0 };

describe('what an amount buys', () => {
  it('takes the highest tier not above the amount, credits rounded up', () => {
    expect(quoteTerms(100, 'REGULAR', LANDING_PRICES.REGULAR, 0)).toEqual({
      rate: 0.0266,
      credits: 3760,
      expiryYears: 0.25,
    });
    expect(quoteTerms(150, 'REGULAR', LANDING_PRICES.REGULAR, 0)).toEqual({
      rate: 0.0266,
      credits: 5640,
      expiryYears: 0.25,
    });
    expect(quoteTerms(5000, 'PREMIUM', LANDING_PRICES.PREMIUM, 0)).toMatchObject({ rate: 0.0268, credits: 186_568 });
    expect(quoteTerms(19.99, 'REGULAR', LANDING_PRICES.REGULAR, 0)).toEqual({
      problem: 'The minimum purchase is GHS 20',
    });
    expect(quoteTerms(100, 'REGULAR', [], 0)).toEqual({ problem: 'No prices are set for your account type yet' });
  });

  it('a reseller buys at its applicable volume rate, valid a year', () => {
    expect(quoteTerms(100, 'RESELLER', [], 0.024)).toEqual({ rate: 0.024, credits: 4167, expiryYears: 1 });
  });

  it('extends the expiry from the later of now and the current expiry', () => {
    expect(expiryAfterPurchase(0, 1, NOW)).toBe(NOW + YEAR_MS);
    const later = NOW / 1000 + 86_400;
    expect(expiryAfterPurchase(later, 0.25, NOW)).toBe(later * 1000 + YEAR_MS / 4);
  });

  it('previews what is typed, or says why not, as the gateway would', () => {
    expect(previewPurchase('100', regular, NOW)).toEqual({
      amount: 100,
      rate: 0.0266,
      credits: 3760,
      expiryYears: 0.25,
      newExpiry: NOW + YEAR_MS / 4,
    });
    expect(previewPurchase('ten', regular, NOW)).toEqual({ problem: 'Amount must be a number' });
    expect(previewPurchase('100.001', regular, NOW)).toEqual({ problem: 'Amount can have at most two decimals' });
    expect(previewPurchase('2000000', regular, NOW)).toEqual({ problem: 'Amount must be at most 1,000,000' });
  });
});

describe('the price of a number of credits (auto top-up)', () => {
  const creditsFor = (amount: number, type: 'REGULAR' | 'PREMIUM') => {
    const terms = quoteTerms(amount, type, LANDING_PRICES[type], 0);
    return 'credits' in terms ? terms.credits : 0;
  };

  it('is the credits at the rate of the tier it reaches, in pesewas, buying those credits (more only at a minimum)', () => {
    for (const type of ['REGULAR', 'PREMIUM'] as const) {
      for (const wanted of [1, 333, 1000, 3760, 5000, 20_000, 123_457, 1_000_000]) {
        const amount = amountForCredits(wanted, type, LANDING_PRICES[type], 0);
        if (typeof amount !== 'number') throw new Error(amount.problem);
        expect(Math.round(amount * 100)).toBe(amount * 100);
        expect(creditsFor(amount, type), `${type} ${wanted}`).toBeGreaterThanOrEqual(wanted);
        // No more than asked for, but where the amount is a tier's minimum price (a small number of credits).
        const minimum = LANDING_PRICES[type].some((t) => t.price === amount);
        if (!minimum) expect(creditsFor(amount, type), `${type} ${wanted}`).toBeLessThanOrEqual(wanted + 1);
      }
    }
  });

  it('is at least the cheapest tier, at a reseller its volume rate, and says when nothing sells', () => {
    expect(amountForCredits(1, 'REGULAR', LANDING_PRICES.REGULAR, 0)).toBe(20);
    expect(amountForCredits(1000, 'RESELLER', [], 0.024)).toBe(24);
    expect(quoteTerms(24, 'RESELLER', [], 0.024)).toMatchObject({ credits: 1000 });
    expect(amountForCredits(100, 'REGULAR', [], 0)).toEqual({ problem: 'No prices are set for your account type yet' });
  });
});
