import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { currentAccount, saveSignIn } from '../../../src/db/session-store';
import { putListItems } from '../../../src/db/list-store';
import { jobsOf } from '../../../src/db/outbox-store';
import { readSmppAccess, saveSmppAccess } from '../../../src/db/smpp-access-store';
import { enqueue } from '../../../src/outbox/enqueue';
import { acceptSignedInUser, signIn, signOut } from '../../../src/sync/session';
import { BulkMessageSchema } from '../../../src/domain/contract/messages';
import type { StoredGroup } from '../../../src/db/app-db';
import { makeItem, makeUser } from '../domain/factories';
import { storedGroup } from '../support/factories';

// A sign-in saved while another account's is stored (a login answered after another tab signed in):
// the stored one is signed out first, as its own sign-out would do it (docs/product.md#stored-on-the-device).

const A = makeUser({ profile_id: 7, username: 'ama', token: 'token-a' });
const B = makeUser({ profile_id: 8, username: 'kofi', token: 'token-b' });

const group = (profileId: number, id: number, pendingDelete?: 1): StoredGroup =>
  storedGroup(id, { profile_id: profileId, ...(pendingDelete ? { pendingDelete } : {}) });

/** Signs A in and gives it rows of each kind sign-out wipes or keeps. Answers its queued send's id. */
async function aSignedInWithRows(): Promise<string> {
  await saveSignIn(A, 1);
  await putListItems([
    {
      profile_id: A.profile_id,
      list: 'quick-own',
      itemId: '1',
      sortKey: 1,
      data: BulkMessageSchema.parse({ message_id: '1', shortMessage: "Ama's news" }),
    },
  ]);
  await db.groups.bulkPut([group(A.profile_id, 1), group(A.profile_id, 2, 1)]);
  await db.drafts.put({ profile_id: A.profile_id, fields: { text: "Ama's draft" }, updatedAt: 1 });
  saveSmppAccess(A.profile_id, { systemId: 'ama' } as never);
  return enqueue({ items: [makeItem()] });
}

/** The gateway's calls as `[call, bearer token]`; login answers B, signout answers or fails as told. */
function gateway({ signoutOffline = false } = {}) {
  const calls: Array<[string, string]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = String(input).split('/').filter(Boolean).pop() ?? '';
      const token = (new Headers(init?.headers).get('Authorization') ?? '').replace('Bearer ', '');
      calls.push([call, token]);
      if (call === 'login') return new Response(JSON.stringify({ userInfo: B }));
      if (call === 'signout' && !signoutOffline) return new Response(JSON.stringify({ status: 'successful' }));
      throw new TypeError('Failed to fetch');
    }),
  );
  return calls;
}

describe('a sign-in saved over another account', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("wipes A's rows as A's sign-out does, keeps A's queued send and pending deletion, and stores B", async () => {
    const aJob = await aSignedInWithRows();
    await saveSignIn(B, 2);
    await db.groups.put(group(B.profile_id, 3));
    expect((await currentAccount())?.user.username).toBe('kofi');
    expect(await db.users.toCollection().primaryKeys()).toEqual([B.profile_id]);
    expect(await db.listItems.count()).toBe(0);
    expect(await db.drafts.count()).toBe(0);
    expect(readSmppAccess(A.profile_id)).toBeNull();
    expect((await db.groups.toArray()).map((g) => [g.profile_id, g.id])).toEqual([
      [A.profile_id, 2],
      [B.profile_id, 3],
    ]);
    // Bound to A, it goes when A signs in again (sign-out keeps it too).
    expect((await jobsOf(A.profile_id)).map((j) => [j.id, j.state])).toEqual([[aJob, 'queued']]);
  });

  it("revokes A's token on the gateway when B's login lands over it", async () => {
    await aSignedInWithRows();
    const calls = gateway();
    await signIn({ emailusername: 'kofi', password: 'secret', host: 'localhost', domainSupid: 6 });
    await vi.waitFor(() => expect(calls).toContainEqual(['signout', 'token-a']));
    expect((await currentAccount())?.session.token).toBe('token-b');
    expect(await db.listItems.count()).toBe(0);
  });

  it("offline, B's sign-in is stored all the same once A's revocation was attempted", async () => {
    await aSignedInWithRows();
    const calls = gateway({ signoutOffline: true });
    await acceptSignedInUser(B);
    await vi.waitFor(() => expect(calls).toEqual([['signout', 'token-a']]));
    expect((await currentAccount())?.session.token).toBe('token-b');
    expect(await db.drafts.count()).toBe(0);
  });

  it('the same account signing in again keeps its rows and revokes only its older token', async () => {
    await aSignedInWithRows();
    const calls = gateway();
    await acceptSignedInUser({ ...A, token: 'token-a2' });
    expect((await currentAccount())?.session.token).toBe('token-a2');
    expect(await db.listItems.count()).toBe(1);
    expect(await db.drafts.count()).toBe(1);
    expect(readSmppAccess(A.profile_id)).toEqual({ systemId: 'ama' });
    await vi.waitFor(() => expect(calls).toEqual([['signout', 'token-a']]));
    // The same sign-in stored again (its token unchanged) revokes nothing.
    await acceptSignedInUser({ ...A, token: 'token-a2' });
    expect(calls).toEqual([['signout', 'token-a']]);
  });

  it('a sign-out racing a new sign-in of the account in another tab revokes the token it wiped', async () => {
    await aSignedInWithRows();
    const calls = gateway();
    // This tab reads token-a; the other tab's sign-in (token-a2) is stored before this tab's wipe.
    const signingOut = signOut();
    await acceptSignedInUser({ ...A, token: 'token-a2' });
    await signingOut;
    expect(await currentAccount()).toBeNull();
    // The device forgot token-a2 with the wipe: it must not stay valid on the gateway for its 30 days.
    // Each token forgotten is revoked once, by the write that forgot it (token-a by the other tab's sign-in).
    await vi.waitFor(() => expect(calls).toContainEqual(['signout', 'token-a2']));
    expect(
      calls
        .filter(([call]) => call === 'signout')
        .map(([, token]) => token)
        .sort(),
    ).toEqual(['token-a', 'token-a2']);
  });
});
