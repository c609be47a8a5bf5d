// Sends and erasures of a person's data, serialised (docs/compliance.md#a-persons-data): a send
// screens its numbers against the opt-outs before its transaction; an erasure that commits between
// that screening and the send's transaction would see nothing of the send, and the send nothing of
// the erasure. Each erasure moves the account's epoch on while holding the account's row; a send
// reads the epoch before it screens and, holding the same row in its transaction, checks it has not
// moved, or is screened again from the start.
import type { DialectName, Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { busy, notFound } from '../core/errors';
import { lockForSending } from '../money/balance';
import { findAccount } from '../accounts/account-store';
import type { GatewayContext } from '../core/context';

/** An erasure committed after the send screened its numbers: nothing of the send is kept. */
export class ErasedMeanwhile extends Error {
  constructor() {
    super('an erasure of a person’s data committed while the send was screened');
  }
}

/** A send screened again this many times at most before it is refused as busy (try again). */
const SCREENINGS = 3;

/** In the send's transaction: holds the account's row and throws ErasedMeanwhile when the epoch moved from `seen`. */
export async function holdEraseFence(trx: Executor, dialect: DialectName, profileId: number, seen: number) {
  if ((await lockForSending(trx, dialect === 'postgres', profileId)) !== seen) throw new ErasedMeanwhile();
}

/**
 * Runs a send, and again after `reread` (the accounts read anew, then their numbers screened anew) when
 * an erasure committed between its screening and its transaction; busy after SCREENINGS tries.
 */
export async function againIfErased<T>(send: () => Promise<T>, reread: () => Promise<void>): Promise<T> {
  for (let screening = 1; ; screening += 1) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ErasedMeanwhile)) throw error;
      if (screening >= SCREENINGS) throw busy();
      await reread();
    }
  }
}

/** againIfErased for a send of one account, read anew (its epoch before anything is screened). */
export async function screenedAgainIfErased<T>(
  ctx: GatewayContext,
  user: UserRow,
  send: (user: UserRow) => Promise<T>,
): Promise<T> {
  let account = user;
  return againIfErased(
    () => send(account),
    async () => {
      const fresh = await findAccount(ctx, user.profile_id);
      if (!fresh) throw notFound('account not found');
      account = fresh;
    },
  );
}
