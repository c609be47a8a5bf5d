// Receipts an instance took for its receiver binds as its fan-out stored them (receipts.ts
// TakeAtFanOut), waiting for room in a bind's window: per account, in id order, with whether older
// receipts may wait unclaimed (then the account claims first, oldest first, and takes none ahead).
import type { SmppReceiptRow } from '../db/schema-smpp';
import { RECEIPT_LEASE_MS } from './receipts';

/** Receipts one account may have taken and not sent yet on this instance. */
export const TAKEN_AHEAD = 2000;
/** An account with room claims at most this often when nothing says receipts wait for it. */
export const CLAIM_EVERY_MS = 200;

interface AccountState {
  taken: SmppReceiptRow[];
  /** Receipts of the account may wait unclaimed: on bind, after a fan-out that filled its room, after a stale one. */
  mayWait: boolean;
  claimedAt: number;
}

export class ReceiptsTaken {
  private readonly accounts = new Map<number, AccountState>();

  private state(profileId: number): AccountState {
    let state = this.accounts.get(profileId);
    if (!state) {
      state = { taken: [], mayWait: true, claimedAt: Number.NEGATIVE_INFINITY };
      this.accounts.set(profileId, state);
    }
    return state;
  }

  /** How many receipts the next fan-out may take for each of these accounts (bound here for receipts). */
  room(profileIds: Iterable<number>): Map<number, number> {
    const room = new Map<number, number>();
    for (const id of profileIds) {
      const state = this.state(id);
      if (!state.mayWait && state.taken.length < TAKEN_AHEAD) room.set(id, TAKEN_AHEAD - state.taken.length);
    }
    return room;
  }

  /** Keeps what a fan-out took within `room`: an account whose room it filled may have more waiting. */
  keep(room: ReadonlyMap<number, number>, taken: readonly SmppReceiptRow[]) {
    const count = new Map<number, number>();
    for (const r of taken) {
      this.state(r.profile_id).taken.push(r);
      count.set(r.profile_id, (count.get(r.profile_id) ?? 0) + 1);
    }
    for (const [id, n] of room) if ((count.get(id) ?? 0) >= n) this.state(id).mayWait = true;
  }

  /**
   * Up to `n` of the account's receipts taken, oldest first, to send now. One whose lease has run half
   * out is left (another instance may claim it once the lease ends), and the account claims next.
   */
  next(profileId: number, n: number, now: number): SmppReceiptRow[] {
    const state = this.accounts.get(profileId);
    if (!state || n <= 0) return [];
    const out: SmppReceiptRow[] = [];
    while (out.length < n && state.taken.length > 0) {
      const r = state.taken.shift()!;
      if (Number(r.claimed_until) - now < RECEIPT_LEASE_MS / 2) state.mayWait = true;
      else out.push(r);
    }
    return out;
  }

  /** Whether the account, with room left after its receipts taken, should claim at `at` (real time, ms). */
  shouldClaim(profileId: number, at: number): boolean {
    const state = this.state(profileId);
    return state.mayWait || at - state.claimedAt >= CLAIM_EVERY_MS;
  }

  /** A claim asked for `asked` and got `got`: fewer means nothing older waits unclaimed. */
  claimed(profileId: number, asked: number, got: number, at: number) {
    const state = this.state(profileId);
    state.claimedAt = at;
    if (got < asked) state.mayWait = false;
  }

  /** Receipts were given back to be claimed again: the account claims before it takes more. */
  released(profileId: number) {
    const state = this.accounts.get(profileId);
    if (state) state.mayWait = true;
  }

  /** The account has no receiver bind here any more: its receipts taken, to give back. */
  drop(profileId: number): number[] {
    const state = this.accounts.get(profileId);
    this.accounts.delete(profileId);
    return state ? state.taken.map((r) => r.id) : [];
  }
}
