import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { currentAccount, saveSignIn, wipeAccount } from '../../../src/db/session-store';
import { fetchUser } from '../../../src/api/auth-api';
import { refreshUser, signOut, signOutLocally, startSessionSync } from '../../../src/sync/session';
import { refreshOverview } from '../../../src/sync/message-sync';
import { onAlert } from '../../../src/notify/alerts-bus';
import { INVALID_TOKEN } from '../../../src/domain/alerts';
import { nextRunnableJob, updateJob } from '../../../src/db/outbox-store';
import { enqueue } from '../../../src/outbox/enqueue';
import { makeItem, makeUser } from '../domain/factories';

// Several accounts use one device one after another, and the app may have several tabs: an answer
// meant for one sign-in must never end, or write into, another (docs/product.md#sign-in-and-sessions).

const A = makeUser({ profile_id: 7, username: 'ama', token: 'token-a' });
const B = makeUser({ profile_id: 8, username: 'kofi', token: 'token-b' });

type Answer = { status: number; body: unknown };
const refused: Answer = { status: 401, body: { error: { status: 'failed', message: INVALID_TOKEN } } };

/** fetch answered per bearer token; an answer held back is released by the test (no sleeps). */
function gatewayByToken(answers: Record<string, Answer | Promise<Answer>>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization') ?? '';
    const answer = await answers[auth.replace('Bearer ', '')];
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function heldAnswer() {
  let release!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => (release = resolve));
  return { answer, release };
}

const alerts: string[] = [];
let stopAlerts = () => {};
let stopSync = () => {};

describe('an answer for one sign-in never reaches another', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    alerts.length = 0;
    stopAlerts = onAlert((a) => alerts.push(a.message));
  });
  afterEach(() => {
    stopSync();
    stopSync = () => {};
    stopAlerts();
    vi.unstubAllGlobals();
  });

  it("a 401 for A's token, come back after B signed in, leaves B signed in", async () => {
    gatewayByToken({ 'token-a': refused, 'token-b': { status: 200, body: { userInfo: B } } });
    await saveSignIn(B, 2);
    stopSync = startSessionSync();
    // A request still carrying A's token (sent before A signed out, or by another tab).
    await expect(fetchUser('token-a', A.profile_id)).rejects.toMatchObject({ kind: 'invalid-token' });
    await refreshUser(); // anything queued behind the 401's sign-out has run
    expect((await currentAccount())?.user.profile_id).toBe(B.profile_id);
    expect(alerts).not.toContain(INVALID_TOKEN);
  });

  it("a 401 for the current sign-in's own token still signs it out, saying why", async () => {
    gatewayByToken({ 'token-b': refused });
    await saveSignIn(B, 2);
    await expect(fetchUser('token-b', B.profile_id)).rejects.toMatchObject({ kind: 'invalid-token' });
    stopSync = startSessionSync(); // its own fetchuser meets the same 401
    await vi.waitFor(async () => expect(await currentAccount()).toBeNull());
    await vi.waitFor(() => expect(alerts).toContain(INVALID_TOKEN));
  });

  it("a send's 'Invalid Token' met by an earlier sign-in of the account ends neither it nor the new one", async () => {
    await saveSignIn(B, 5);
    // The drainer worker's job paused under B's sign-in at time 2 (pausedSignIn); B has signed in again since.
    await signOutLocally({ profile_id: B.profile_id, signedInAt: 2 }, INVALID_TOKEN);
    expect((await currentAccount())?.session.signedInAt).toBe(5);
    await signOutLocally({ profile_id: B.profile_id, signedInAt: 5 }, INVALID_TOKEN);
    expect(await currentAccount()).toBeNull();
    expect(alerts).toEqual([INVALID_TOKEN]);
  });

  it("two sign-ins of one account stored in the same millisecond: the older one's 'Invalid Token' ends neither", async () => {
    await saveSignIn(A, 5);
    const queued = await enqueue({ items: [makeItem()] });
    await updateJob(queued, { state: 'paused', pausedSignIn: 5 }); // refused under the first sign-in
    await saveSignIn({ ...A, token: 'token-a2' }, 5);
    await signOutLocally({ profile_id: A.profile_id, signedInAt: 5 }, INVALID_TOKEN);
    const account = await currentAccount();
    expect(account?.session.token).toBe('token-a2');
    expect(alerts).toEqual([]);
    // The send refused under the older token goes on under the new sign-in.
    expect((await nextRunnableJob(A.profile_id, account!.session.signedInAt))?.id).toBe(queued);
  });

  it("A's fetchuser refused after A signed out and B signed in leaves B signed in", async () => {
    const held = heldAnswer();
    gatewayByToken({ 'token-a': held.answer });
    await saveSignIn(A, 1);
    const refreshing = refreshUser();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await wipeAccount(A.profile_id);
    await saveSignIn(B, 2);
    held.release({ status: 403, body: { error: { status: 'failed', message: 'Account suspended' } } });
    await refreshing;
    expect((await currentAccount())?.user.profile_id).toBe(B.profile_id);
    expect(alerts).toEqual([]);
  });

  it("A's fetchuser answered after A signed out does not bring A's user info back", async () => {
    const held = heldAnswer();
    gatewayByToken({ 'token-a': held.answer });
    await saveSignIn(A, 1);
    const refreshing = refreshUser();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await signOut();
    held.release({ status: 200, body: { userInfo: { ...A, creditbalance: 999 } } });
    await refreshing;
    expect(await db.users.count()).toBe(0);
    expect(await currentAccount()).toBeNull();
  });

  it("A's overview answered after B signed in is not stored, for A or anyone", async () => {
    const held = heldAnswer();
    gatewayByToken({ 'token-a': held.answer });
    await saveSignIn(A, 1);
    const refreshing = refreshOverview('personal');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await signOut();
    await saveSignIn(B, 2);
    const overview = { from: '2026-01-01', to: '2026-01-30', days: [], networks: [], credits: 3, topCampaigns: [] };
    held.release({ status: 200, body: { overview } });
    await refreshing;
    expect(await db.overviews.count()).toBe(0);
  });
});
