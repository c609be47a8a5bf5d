import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { currentAccount, saveSignIn } from '../../../src/db/session-store';
import { forgetRefusedCopies, readRevokesHint, writeRevokesHint } from '../../../src/db/boot-mirror';
import { MAX_PENDING_REVOKES } from '../../../src/db/pending-revoke-store';
import { acceptSignedInUser, refreshUser, signOut, signOutLocally, startSessionSync } from '../../../src/sync/session';
import { retryPendingRevokes } from '../../../src/sync/pending-revokes';
import { INVALID_TOKEN } from '../../../src/domain/alerts';
import { makeUser } from '../domain/factories';

// A sign-out made offline (field staff often are) must still end the session on the gateway: the
// device forgets the account at once and keeps the token's revoke until the gateway is done with it
// (docs/product.md#sign-in-and-sessions).

const A = makeUser({ profile_id: 7, username: 'ama', token: 'token-a' });
const B = makeUser({ profile_id: 8, username: 'kofi', token: 'token-b' });

type Signout = 'offline' | 200 | 401 | 500;

/** The gateway as the app meets it: signout answers as `gateway.signout` says; the tokens it was sent, in order. */
function stubGateway() {
  const gateway = {
    signout: 'offline' as Signout,
    fetchuser: 'offline' as 'offline' | 'failed',
    /** Tokens whose signout is refused with 403 (their account suspended). */
    suspended: new Set<string>(),
    revoked: [] as string[],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = String(input).split('/').filter(Boolean).pop();
      if (call === 'fetchuser' && gateway.fetchuser === 'failed')
        return new Response(JSON.stringify({ error: { status: 'failed', message: 'Account suspended' } }), {
          status: 403,
        });
      if (call !== 'signout' || gateway.signout === 'offline') throw new TypeError('Failed to fetch');
      const token = (new Headers(init?.headers).get('Authorization') ?? '').replace('Bearer ', '');
      if (gateway.suspended.has(token))
        return new Response(JSON.stringify({ error: { status: 'failed', message: 'Account suspended' } }), {
          status: 403,
        });
      gateway.revoked.push(token);
      const body = {
        200: { status: 'successful' },
        401: { error: { status: 'failed', message: INVALID_TOKEN } },
        500: { error: { status: 'error', message: 'Something went wrong' } },
      }[gateway.signout];
      return new Response(JSON.stringify(body), { status: gateway.signout });
    }),
  );
  return gateway;
}

/** The tokens still waiting for their revoke, oldest first. */
const pending = async () => (await db.table('pendingRevokes').orderBy('keptAt').toArray()).map((r) => r.token);

/** Signs `user` in and out while offline; ends once the sign-out's own try has failed. */
async function signedOutOffline(user = A) {
  await saveSignIn(user);
  await signOut();
  await retryPendingRevokes();
}

let stopSync = () => {};

describe('a sign-out the gateway did not hear', () => {
  let gateway: ReturnType<typeof stubGateway>;
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    gateway = stubGateway();
  });
  afterEach(() => {
    stopSync();
    stopSync = () => {};
    vi.unstubAllGlobals();
  });

  it('is instant offline: the device forgets the account and keeps the revoke of its token', async () => {
    await saveSignIn(A);
    await signOut();
    expect(await currentAccount()).toBeNull();
    expect(await pending()).toEqual(['token-a']);
    expect(readRevokesHint()).toBe(true);
  });

  it('is revoked when the network returns', async () => {
    stopSync = startSessionSync();
    await signedOutOffline();
    gateway.signout = 200;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await pending()).toEqual([]));
    expect(gateway.revoked).toEqual(['token-a']);
    expect(readRevokesHint()).toBe(false);
  });

  it('is revoked at the next start, signed out', async () => {
    await signedOutOffline();
    gateway.signout = 200;
    stopSync = startSessionSync();
    await vi.waitFor(() => expect(gateway.revoked).toEqual(['token-a']));
    await vi.waitFor(async () => expect(await pending()).toEqual([]));
  });

  it('is looked for at a signed-out start when storage is blocked and cannot say whether one waits', () => {
    forgetRefusedCopies();
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(readRevokesHint()).toBe(true);
    writeRevokesHint(false); // this page saw none left: kept for its life
    expect(readRevokesHint()).toBe(false);
  });

  it('is forgotten when the gateway answers the token is dead already (401)', async () => {
    await signedOutOffline();
    gateway.signout = 401;
    await retryPendingRevokes();
    expect(gateway.revoked).toEqual(['token-a']);
    expect(await pending()).toEqual([]);
  });

  it.each([500, 'offline'] as const)('is kept when the try meets %s, and sent at a later one', async (answer) => {
    await signedOutOffline();
    gateway.signout = answer;
    await retryPendingRevokes();
    expect(await pending()).toEqual(['token-a']);
    gateway.signout = 200;
    await retryPendingRevokes();
    expect(await pending()).toEqual([]);
  });

  it('is kept when the gateway refuses it (403), and the revokes after it are still sent', async () => {
    await signedOutOffline(A);
    await signedOutOffline(B);
    gateway.signout = 200;
    gateway.suspended.add('token-a');
    await retryPendingRevokes();
    expect(gateway.revoked).toEqual(['token-b']);
    expect(await pending()).toEqual(['token-a']);
    gateway.suspended.clear();
    await retryPendingRevokes();
    expect(gateway.revoked).toEqual(['token-b', 'token-a']);
    expect(await pending()).toEqual([]);
  });

  it(`keeps at most ${MAX_PENDING_REVOKES}, dropping the oldest`, async () => {
    const signedOut = MAX_PENDING_REVOKES + 5;
    for (let i = 1; i <= signedOut; i++) await signedOutOffline(makeUser({ profile_id: 7, token: `token-${i}` }));
    const newest = Array.from(
      { length: MAX_PENDING_REVOKES },
      (_, i) => `token-${signedOut - MAX_PENDING_REVOKES + 1 + i}`,
    );
    expect(await pending()).toEqual(newest);
    gateway.signout = 200;
    await retryPendingRevokes();
    expect(gateway.revoked).toEqual(newest);
    expect(await pending()).toEqual([]);
  });

  it('is kept when a failed fetchuser other than Invalid Token signs out: the gateway may still take the token', async () => {
    await saveSignIn(A);
    gateway.fetchuser = 'failed';
    await refreshUser();
    expect(await currentAccount()).toBeNull();
    await retryPendingRevokes();
    expect(await pending()).toEqual(['token-a']);
    gateway.signout = 200;
    await retryPendingRevokes();
    expect(gateway.revoked).toEqual(['token-a']);
    expect(await pending()).toEqual([]);
  });

  it('survives the wipes of later sign-outs; a token the gateway refused is not kept (it is dead)', async () => {
    await signedOutOffline();
    await acceptSignedInUser({ ...A, token: 'token-a2' });
    await acceptSignedInUser(B); // A's rows wiped, token-a2 replaced
    await signOutLocally({ token: 'token-b' }, INVALID_TOKEN);
    expect(await currentAccount()).toBeNull();
    expect(await pending()).toEqual(['token-a', 'token-a2']);
  });
});
