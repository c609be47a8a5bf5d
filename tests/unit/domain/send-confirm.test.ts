import { describe, expect, it } from 'vitest';
import {
  CONFIRM_OVER_CREDITS,
  CONFIRM_OVER_RECIPIENTS,
  needsSendConfirmation,
  sendConfirmation,
} from '../../../src/domain/send/send-confirm';

describe('needsSendConfirmation', () => {
  it('asks before a send to more than 100 recipients or costing more than 500 credits, not before a smaller one', () => {
    expect([CONFIRM_OVER_RECIPIENTS, CONFIRM_OVER_CREDITS]).toEqual([100, 500]);
    expect(needsSendConfirmation({ recipients: 100, credits: 500 })).toBe(false);
    expect(needsSendConfirmation({ recipients: 101, credits: 101 })).toBe(true);
    expect(needsSendConfirmation({ recipients: 60, credits: 540 })).toBe(true);
    expect(needsSendConfirmation({ recipients: 1, credits: 1 })).toBe(false);
  });
});

describe('sendConfirmation', () => {
  it('shows recipients, parts per recipient, the cost and the balance after', () => {
    expect(sendConfirmation({ recipients: 1250, credits: 2500 }, { amount: 5000, local: true })).toEqual({
      recipients: '1,250',
      perRecipient: '2',
      credits: '2,500 SMS credits',
      balanceAfter: '2,500 SMS credits',
    });
  });
  it("gives a personalized send's average, and no balance after for a balance in USD", () => {
    expect(sendConfirmation({ recipients: 3, credits: 4 }, { amount: 12.5, local: false })).toEqual({
      recipients: '3',
      perRecipient: '1.33 on average',
      credits: '4 SMS credits',
      balanceAfter: null,
    });
  });
});
