import { ApiFailure } from '../api/api-failure';
import { fetchUser, login } from '../api/auth-api';
import { setInvalidTokenListener } from '../api/http';
import { INVALID_TOKEN } from '../domain/alerts';
import { currentAccount, saveSignIn, saveUser, wipeAccount, type RefusedSignIn } from '../db/session-store';
import type { StoredUser } from '../db/app-db';
import { emitAlert } from '../notify/alerts-bus';
import { retryPendingRevokes } from './pending-revokes';
import { holdUntilFirstScreen } from './after-first-screen';
import { readDraftAhead } from './draft-ahead';

/** A sign-in waiting for its two-step code (or, when required but not set up, for setting it up). */
export type TwoStepChallenge = { twoStep: 'code' | 'enrol'; challenge: string; secret?: string; uri?: string };

/**
 * Signs in (login) and stores the account on the device; with two-step sign-in on, nothing is stored
 * yet and the challenge comes back for completeSignIn.
 */
export async function signIn(input: {
  emailusername: string;
  password: string;
  host: string;
  domainSupid: number;
}): Promise<{ user: StoredUser } | { twoStep: TwoStepChallenge }> {
  const answer = await login({
    emailusername: input.emailusername.trim(),
    password: input.password,
    domain: input.host,
    domain_supid: input.domainSupid,
  });
  if ('twoStep' in answer) return answer;
  await storeSignIn(answer.user); // its signed-in copy, written first, starts the session watch (session-state.ts)
  return answer;
}

/**
 * The second step: the code (or a recovery code) for the challenge. The account is stored at once,
 * unless recovery codes came back (two-step was set up now): the screen shows them first, then calls
 * acceptSignedInUser.
 */
export async function completeSignIn(
  challenge: string,
  code: string,
): Promise<{ user: StoredUser; recoveryCodes?: string[] }> {
  const { loginCode } = await import('../api/security-api');
  const answer = await loginCode(challenge, code.trim());
  if (!answer.recoveryCodes) await storeSignIn(answer.userInfo);
  return { user: answer.userInfo, recoveryCodes: answer.recoveryCodes };
}

/** Loads what a sign-in runs next (the session watch, session-state.ts), while the person is still typing. */
export const prepareSignIn = (): Promise<unknown> => import('./session-watch');

/** Stores an account the sign-up flow has just signed in. */
export async function acceptSignedInUser(user: StoredUser): Promise<void> {
  await storeSignIn(user);
}

/**
 * The gateway revokes the tokens the device forgot. Each was kept on the device by the write that forgot it
 * (session-store.ts) and is sent now, not awaited, so sign-out stays instant and works offline; one that does
 * not get through is tried again at each start, on return to the app and when the network returns, until the
 * gateway takes it or answers that the token is dead already (src/sync/pending-revokes.ts).
 */
const revoke = () => void retryPendingRevokes();

/**
 * Stores a sign-in. Another account still stored (a login answered after another tab signed in) is
 * signed out as signOut does it: its rows wiped with the sign-in's own write, then its token revoked.
 * The same account signed in again keeps its rows; its older token is revoked (a send still out under
 * it is refused, paused, and goes on under the new sign-in: outbox-store.ts nextRunnableJob).
 */
async function storeSignIn(user: StoredUser): Promise<void> {
  // The syncs a sign-in starts (fetchuser, phone books, templates) wait until the account's first
  // screen has shown: they would only slow it down on a cheap phone, and the login answer is fresh.
  holdUntilFirstScreen();
  void readDraftAhead(user.profile_id);
  if (await saveSignIn(user)) revoke();
}

/**
 * Sign-out: the device forgets the account, and the gateway revokes the token (offline too, later).
 * The session the wipe deleted is the one revoked: another tab may have stored a new sign-in of the account
 * since it was read, and that sign-in kept the older token's revoke as it replaced it.
 */
export async function signOut(): Promise<void> {
  const account = await currentAccount();
  if (!account) return;
  await wipeAccount(account.user.profile_id);
  revoke();
}

/**
 * Forgets the current account without calling the gateway (its token is already dead), and says why
 * ('Invalid Token' as a 'failed' alert); the route guard then leaves the page (docs/product.md#sign-in-and-sessions).
 * Only the sign-in that was refused ends: a stale answer (sent before a later sign-in, or from another tab) ends none.
 */
export async function signOutLocally(refused: RefusedSignIn, reason?: string, { tokenAlive = false } = {}) {
  const account = await currentAccount();
  if (!account) return;
  const { wiped } = await wipeAccount(account.user.profile_id, refused, { tokenAlive });
  if (wiped && reason) emitAlert({ message: reason, status: 'failed' });
  if (wiped && tokenAlive) revoke();
}

/**
 * fetchuser: fresh balances and flags. A refusal ('Invalid Token' or any failed fetchuser) signs out
 * (docs/product.md#sign-in-and-sessions), if that sign-in is still the current one; no network leaves the
 * stored account as it is. An answer for an account signed out meanwhile is not stored (db/signed-in-rows.ts).
 * A failed fetchuser that is not 'Invalid Token' leaves a token the gateway may still take: it is revoked
 * as after a chosen sign-out.
 */
export async function refreshUser(): Promise<void> {
  const account = await currentAccount();
  if (!account) return;
  try {
    const user = await fetchUser(account.session.token, account.user.profile_id);
    await saveUser(user);
  } catch (error) {
    if (error instanceof ApiFailure && (error.kind === 'invalid-token' || error.kind === 'refused'))
      await signOutLocally({ token: account.session.token }, error.message, { tokenAlive: error.kind === 'refused' });
  }
}

/**
 * Wires 'Invalid Token' from any call to sign-out, and refreshes the user and sends the revokes still kept
 * on start and on return to the app; the revokes also when the network returns, the tab hidden or not.
 * Started signed out too while a revoke waits (app.tsx).
 */
export function startSessionSync(): () => void {
  setInvalidTokenListener((token) => void signOutLocally({ token }, INVALID_TOKEN));
  const sync = () => {
    void refreshUser();
    revoke();
  };
  const visible = () => document.visibilityState === 'visible';
  const onVisible = () => visible() && sync();
  const onOnline = () => (visible() ? sync() : revoke());
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  sync();
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
  };
}
