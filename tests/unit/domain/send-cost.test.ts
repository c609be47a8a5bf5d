import { describe, expect, it } from 'vitest';
import { MESSAGE_OUT_OF_RANGE, creditProblem, notEnoughCredit, sendCost } from '../../../src/domain/send/send-cost';
import { makeItem } from './factories';

describe('sendCost', () => {
  it('is parts x recipients, per item', () => {
    const long = 'x'.repeat(200); // 2 parts
    const cost = sendCost([
      makeItem({ destinationAddress: '1,2,3' }),
      makeItem({ shortMessage: long, destinationAddress: '4' }),
    ]);
    expect(cost).toEqual({ credits: 5, recipients: 4, outOfRange: false });
  });

  it('counts unicode texts by their UCS-2 length', () => {
    // 60 + 2 x 60 = 180 > 160: two parts
    expect(sendCost([makeItem({ shortMessage: 'é'.repeat(60), specialUnicodeSupport: true })]).credits).toBe(2);
  });

  it('flags texts beyond 9 parts', () => {
    expect(sendCost([makeItem({ shortMessage: 'x'.repeat(1378) })]).outOfRange).toBe(true);
    expect(creditProblem({ credits: 10, recipients: 1, outOfRange: true }, 100)).toBe(MESSAGE_OUT_OF_RANGE);
  });
});

describe('creditProblem', () => {
  it('says clearly when the balance is short', () => {
    expect(creditProblem({ credits: 1200, recipients: 600, outOfRange: false }, 1200)).toBeNull();
    expect(creditProblem({ credits: 1201, recipients: 600, outOfRange: false }, 1200.456)).toBe(
      notEnoughCredit(1201, 1200.456),
    );
    expect(notEnoughCredit(1201, 1200.456)).toBe(
      'Not enough credit: this send needs 1,201 SMS credits and your balance is 1,200.45. Please purchase SMS credits first',
    );
  });
});
