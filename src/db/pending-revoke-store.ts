import { db } from './db';
import type { PendingRevoke, StoredSession } from './app-db';
import { writeRevokesHint } from './boot-mirror';

/** At most this many forgotten tokens wait for their revoke; past it the oldest goes (it expires first on the gateway). */
export const MAX_PENDING_REVOKES = 20;

/**
 * Keeps the revoke of a session the device forgets; called inside the transaction that deletes or replaces
 * it (session-store.ts, with db.pendingRevokes in its scope), so no token is forgotten without it.
 */
export async function keepRevoke(session: StoredSession): Promise<void> {
  // The hint goes first: a start before this transaction commits still looks (a look that finds none clears it).
  writeRevokesHint(true);
  const newest = await db.pendingRevokes.orderBy('keptAt').last();
  const keptAt = Math.max(Date.now(), (newest?.keptAt ?? 0) + 1);
  await db.pendingRevokes.put({ token: session.token, profile_id: session.profile_id, keptAt });
  const extra = (await db.pendingRevokes.count()) - MAX_PENDING_REVOKES;
  if (extra > 0)
    await db.pendingRevokes.bulkDelete(await db.pendingRevokes.orderBy('keptAt').limit(extra).primaryKeys());
}

/** The revokes still to send, oldest first. */
export async function pendingRevokes(): Promise<PendingRevoke[]> {
  const pending = await db.pendingRevokes.orderBy('keptAt').toArray();
  if (pending.length === 0) writeRevokesHint(false);
  return pending;
}

/** The gateway no longer honours the token: its revoke is done. */
export async function forgetRevoke(token: string): Promise<void> {
  await db.pendingRevokes.delete(token);
  if ((await db.pendingRevokes.count()) === 0) writeRevokesHint(false);
}
