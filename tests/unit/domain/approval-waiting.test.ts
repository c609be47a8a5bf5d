import { describe, expect, it } from 'vitest';
import { ownWaitingText, waitingCounts } from '../../../src/domain/send/approval';

describe('the campaigns waiting for approval, counted', () => {
  const campaign = (state: string, author: number) => ({ state, author: { id: author } });

  it('counts for an approver only the waiting campaigns they may decide: not their own, not decided ones', () => {
    const toDecide = [campaign('waiting', 1), campaign('waiting', 2), campaign('approved', 1), campaign('waiting', 3)];
    expect(waitingCounts(toDecide, [], 3)).toEqual({ toDecide: 2, mine: 0 });
    expect(waitingCounts(toDecide, [], null)).toEqual({ toDecide: 3, mine: 0 });
  });

  it("counts the author's own waiting campaigns, and says them in words", () => {
    expect(waitingCounts([], [campaign('waiting', 3), campaign('rejected', 3)], 3)).toEqual({ toDecide: 0, mine: 1 });
    expect(ownWaitingText(1)).toBe(
      'One of your campaigns is awaiting approval: it goes out once an approver approves it.',
    );
    expect(ownWaitingText(2)).toBe(
      '2 of your campaigns are awaiting approval: each goes out once an approver approves it.',
    );
  });
});
