import { db } from './db';
import { isWaitingJob } from '../domain/send/outbox-state';
import type { StoredSession, StoredUser } from './app-db';
import { writeSessionHint } from './boot-mirror';
import { forgetSmppAccess } from './smpp-access-store';
import { dropShared } from './shared-in-store';
import { ACCOUNT_TABLES } from './signed-in-rows';
import { keepRevoke } from './pending-revoke-store';

export const readSession = () => db.session.get('current');

/** The signed-in account and its user info, or null when signed out. */
export async function currentAccount(): Promise<{ session: StoredSession; user: StoredUser } | null> {
  return db.transaction('r', db.session, db.users, async () => {
    const session = await db.session.get('current');
    if (!session) return null;
    const user = await db.users.get(session.profile_id);
    return user ? { session, user } : null;
  });
}

/**
 * Stores a sign-in: the session (token) and the user info, in one transaction. Over another account's
 * sign-in (a login answered after another tab signed in), that account is signed out in the same
 * transaction, as wipeAccount does it. The session replaced, another account's or this one's under an
 * older token, has its revoke kept in the same transaction (pending-revoke-store.ts) and comes back for the
 * caller to send it: no token the device forgot stays alive.
 */
export async function saveSignIn(user: StoredUser, now = Date.now()): Promise<StoredSession | null> {
  // The hint goes first: a reload between the two never shows the login form to a signed-in user.
  writeSessionHint(true);
  const replaced = await db.transaction('rw', [db.session, db.pendingRevokes, ...accountTables()], async () => {
    const current = await db.session.get('current');
    const other = current && current.profile_id !== user.profile_id ? current : null;
    if (other) await wipeRows(other.profile_id);
    const older = current && current.token !== user.token ? current : null;
    if (older) await keepRevoke(older);
    // signedInAt names the sign-in (a send's refusal, a paused job): a newer one never shares it, even
    // stored in the same millisecond, or the older token's 'Invalid Token' would end the new sign-in.
    const signedInAt = !current ? now : older ? Math.max(now, current.signedInAt + 1) : current.signedInAt;
    // The session first: an account's rows are written only while it is the signed-in one (signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: user.profile_id, token: user.token, signedInAt });
    await db.users.put({ ...user, token: '' });
    return { other, older };
  });
  if (replaced.other) await forgetOffDatabase(replaced.other.profile_id);
  return replaced.older;
}

/** Updates the stored user info (fetchuser, send answers, profile changes); never the token. */
export async function saveUser(user: StoredUser): Promise<void> {
  await db.users.put({ ...user, token: '' });
}

export async function patchUser(profileId: number, changes: Partial<StoredUser>): Promise<void> {
  await db.users.update(profileId, changes);
}

/** Which sign-in a refusal met: the token its call carried, or (a send's) the account and when it signed in. */
export type RefusedSignIn = { token: string } | { profile_id: number; signedInAt: number };

const isSignIn = (session: StoredSession | undefined, refused: RefusedSignIn) =>
  'token' in refused
    ? session?.token === refused.token
    : session?.profile_id === refused.profile_id && session.signedInAt === refused.signedInAt;

/**
 * Sign-out (docs/product.md#stored-on-the-device): the account's user info, session, mirrors and drafts (with the loaded sheet) go; its outbox jobs stay,
 * bound to the account, and go out when it signs in again. With `refused`, only while that sign-in is
 * still the current one: a refusal that lands after a later sign-in never ends it. Answers whether it
 * wiped. Without `refused` (a chosen sign-out) the revoke of the token it deletes is kept in the same
 * transaction (pending-revoke-store.ts): a sign-in another tab stored since the caller read the session
 * is the one gone, and its token the one to revoke. A refused token is dead already, unless
 * `tokenAlive` (a failed fetchuser other than 'Invalid Token': the gateway may still take the token).
 * Kept revokes survive the wipe.
 */
export async function wipeAccount(
  profileId: number,
  refused?: RefusedSignIn,
  { tokenAlive = false } = {},
): Promise<{ wiped: boolean }> {
  let signedOut = false;
  let wiped = false;
  await db.transaction('rw', [db.session, db.pendingRevokes, ...accountTables()], async () => {
    const session = await db.session.get('current');
    if (refused && (session?.profile_id !== profileId || !isSignIn(session, refused))) return;
    wiped = true;
    if (session?.profile_id === profileId) {
      await db.session.delete('current');
      if (!refused || tokenAlive) await keepRevoke(session);
    }
    signedOut = !session || session.profile_id === profileId;
    await wipeRows(profileId);
  });
  if (!wiped) return { wiped };
  if (signedOut) writeSessionHint(false);
  await forgetOffDatabase(profileId);
  return { wiped };
}

/** The tables of one account's rows (signed-in-rows.ts), which its sign-out wipes. */
const accountTables = () => ACCOUNT_TABLES.map((name) => db.table(name));

/** An account's rows but its unsent work; inside a transaction over accountTables(). */
async function wipeRows(profileId: number): Promise<void> {
  await db.users.delete(profileId);
  await db.listItems.where('profile_id').equals(profileId).delete();
  await db.listState.where('profile_id').equals(profileId).delete();
  // Phone book deletions not yet sent stay, like the outbox's jobs: they go at the next sign-in.
  await db.groups
    .where('profile_id')
    .equals(profileId)
    .filter((g) => !g.pendingDelete)
    .delete();
  await db.contacts
    .where('profile_id')
    .equals(profileId)
    .filter((c) => !c.pendingDelete)
    .delete();
  await db.drafts.delete(profileId);
  await db.draftSheets.where('profile_id').equals(profileId).delete();
  await db.clientLists.delete(profileId);
  await db.optOutLists.delete(profileId);
  await db.overviews.where('profile_id').equals(profileId).delete();
  await db.developerData.delete(profileId);
  await db.statements.where('profile_id').equals(profileId).delete();
  // Template saves and deletions not yet sent stay too, for the next sign-in.
  await db.templates
    .where('profile_id')
    .equals(profileId)
    .filter((t) => !t.pending)
    .delete();
}

/** What a signed-out account leaves outside IndexedDB's tables. */
async function forgetOffDatabase(profileId: number): Promise<void> {
  forgetSmppAccess(profileId);
  // A share not yet used is not the next account's to take (docs/architecture.md#files-and-contacts-in).
  await dropShared().catch(() => {});
}

/** Recipients of an account's sends that have not gone out yet ("N messages are waiting to be sent"). */
export async function waitingMessageCount(profileId: number): Promise<number> {
  const jobs = await db.outboxJobs.where('profile_id').equals(profileId).filter(isWaitingJob).toArray();
  return jobs.reduce((sum, job) => sum + Math.max(0, job.total - job.sent), 0);
}
