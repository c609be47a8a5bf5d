// The rules of receipts taken by the fan-out for the instance's own receiver binds
// (smpp-server/receipts-taken.ts, docs/smpp.md#receipts); the whole path is in smpp-server-receipts.test.ts.
import { describe, expect, it } from 'vitest';
import { ReceiptsTaken, TAKEN_AHEAD } from '../../server/src/smpp-server/receipts-taken';
import type { SmppReceiptRow } from '../../server/src/db/schema-smpp';

const receipt = (id: number, profileId: number, claimedUntil: number) =>
  ({ id, profile_id: profileId, claimed_until: claimedUntil }) as SmppReceiptRow;

describe('receipts taken ahead (the rules)', () => {
  it('an account bound here claims first (older receipts may wait), then takes, and claims again once its room filled', () => {
    const taken = new ReceiptsTaken();
    expect(taken.room([5])).toEqual(new Map());
    expect(taken.shouldClaim(5, 0)).toBe(true);
    taken.claimed(5, 50, 50, 0);
    // A full claim: more may wait, so still none is taken ahead.
    expect(taken.room([5])).toEqual(new Map());
    taken.claimed(5, 50, 3, 10);
    expect(taken.room([5])).toEqual(new Map([[5, TAKEN_AHEAD]]));
    expect(taken.shouldClaim(5, 100)).toBe(false);
    expect(taken.shouldClaim(5, 210)).toBe(true);
    taken.keep(new Map([[5, 2]]), [receipt(1, 5, 60_000), receipt(2, 5, 60_000)]);
    expect(taken.room([5])).toEqual(new Map());
    expect(taken.shouldClaim(5, 100)).toBe(true);
  });

  it('sends the taken oldest first, leaves one whose lease ran half out, and gives them all back when unbound', () => {
    const taken = new ReceiptsTaken();
    taken.claimed(5, 50, 0, 0);
    const room = taken.room([5]);
    taken.keep(room, [receipt(1, 5, 10_000), receipt(2, 5, 40_000), receipt(3, 5, 40_000), receipt(4, 5, 40_000)]);
    expect(taken.next(5, 2, 0).map((r) => r.id)).toEqual([2, 3]);
    // The stale one makes the account claim again before it takes more.
    expect(taken.room([5])).toEqual(new Map());
    expect(taken.drop(5)).toEqual([4]);
    expect(taken.next(5, 10, 0)).toEqual([]);
  });
});
