import { describe, expect, it } from 'vitest';
import { capError, capRefusalText, capValue, underThreshold } from '../../../src/domain/money/caps';

describe('spending caps and alert levels as typed and said', () => {
  it('takes empty or whole credits from 1 to 100,000,000, with or without thousands commas', () => {
    for (const ok of ['', '  ', '1', '50000', '50,000', '100000000']) expect(capError(ok), ok).toBeNull();
    for (const bad of ['abc', '1.5', '-5', '0', '100000001', '5e3'])
      expect(capError(bad), bad).toMatch(/whole number of credits|from 1 to 100,000,000/);
    expect(capValue('50,000')).toBe(50_000);
    expect(capValue(' ')).toBeNull();
  });

  it('names the cap, who set it and what is left', () => {
    expect(
      capRefusalText({ what: 'this send', limit: 50_000, period: 'month', owner: 'your provider set', left: 12_300 }),
    ).toBe('This send would pass the monthly cap of 50,000 credits your provider set (12,300 left this month).');
    expect(
      capRefusalText({ what: 'this message', limit: 30, period: 'day', owner: 'on your SMPP access', left: -2 }),
    ).toBe('This message would pass the daily cap of 30 credits on your SMPP access (0 left today).');
  });

  it('is under the alert level only when one is set and the balance is below it', () => {
    expect(underThreshold(99, 100)).toBe(true);
    expect(underThreshold(100, 100)).toBe(false);
    expect(underThreshold(0, 0)).toBe(false);
    expect(underThreshold(5, undefined)).toBe(false);
  });
});
