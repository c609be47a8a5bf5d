import { describe, expect, it } from 'vitest';
import {
  addsUp,
  causeText,
  lineOf,
  monthLabel,
  monthOf,
  previousMonth,
  recentMonths,
  spendKindOf,
  sumLines,
} from '../../../src/domain/money/statement';

describe('statement lines (docs/product.md#statements)', () => {
  it('counts a send under the kind of the message it paid for, the API and SMPP under their own', () => {
    expect(lineOf('send', -2, 'quick')).toBe('spent_quick');
    expect(lineOf('send', -4, 'scheduled')).toBe('spent_scheduled');
    expect(lineOf('scheduled_run', -4, 'recurring')).toBe('spent_recurring');
    expect(lineOf('edit', 1, 'birthday')).toBe('spent_birthday');
    expect(lineOf('api_send', -3, 'quick')).toBe('spent_api');
    expect(lineOf('smpp_submit', -1, null)).toBe('spent_smpp');
    expect(spendKindOf('send', null)).toBe('quick');
    expect(spendKindOf('purchase', null)).toBeNull();
  });

  it('puts a gift in or out by its sign, and every other reason on its line', () => {
    expect(lineOf('gift', 100, null)).toBe('gift_in');
    expect(lineOf('gift', -100, null)).toBe('gift_out');
    expect(lineOf('purchase', 3760, null)).toBe('purchase');
    expect(lineOf('auto_topup', 500, null)).toBe('auto_topup');
    expect(lineOf('refund', 2, 'quick')).toBe('refund');
    expect(lineOf('reservation', -10, null)).toBe('reservation');
    expect(lineOf('adjustment', -1, null)).toBe('adjustment');
  });

  it('sums lines exactly in hundredths, in the screen’s order, and checks they add up', () => {
    const lines = sumLines([
      { line: 'spent_quick', amount: -0.1 },
      { line: 'purchase', amount: 100 },
      { line: 'spent_quick', amount: -0.2 },
    ]);
    expect(lines).toEqual([
      { line: 'purchase', credits: 100 },
      { line: 'spent_quick', credits: -0.3 },
    ]);
    expect(addsUp({ openingBalance: 10, closingBalance: 109.7, lines })).toBe(true);
    expect(addsUp({ openingBalance: 10, closingBalance: 109.71, lines })).toBe(false);
  });

  it('names months in Accra time and offers the latest first', () => {
    expect(monthOf(Date.UTC(2026, 0, 31, 23, 59))).toBe('2026-01');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(recentMonths(Date.UTC(2026, 1, 10), 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(monthLabel('2026-03')).toBe('March 2026');
    expect(causeText({ kind: 'invoice', id: 'PAY-1' })).toBe('Invoice of payment PAY-1');
    expect(causeText(null)).toBe('');
  });
});
