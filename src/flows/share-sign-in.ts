// A share that opens the app signed out waits for this tab's sign-in: the entry notes it (main.tsx),
// the route guard sends the sign-in on to the send form's question, which forgets it
// (docs/architecture.md#files-and-contacts-in). Tiny: the entry imports it.
import { SHARE_MAX_AGE_MS } from '../domain/send/incoming';

const AWAITS_SIGN_IN_KEY = 'share-awaits-sign-in';

/**
 * A share that opened the app signed out (AFTER_SHARE_HREF before the login): this tab's sign-in
 * then goes on to the send form's question, while the share is still offered (SHARE_MAX_AGE_MS).
 */
export function noteShareAwaitingSignIn(now = Date.now()): void {
  try {
    sessionStorage.setItem(AWAITS_SIGN_IN_KEY, String(now));
  } catch {
    // Storage refused: the share waits unasked and expires.
  }
}

/** Whether this tab's sign-in should go on to the send form's question about a share. */
export function shareAwaitsSignIn(now = Date.now()): boolean {
  try {
    const at = Number(sessionStorage.getItem(AWAITS_SIGN_IN_KEY));
    return at > 0 && at <= now && now - at <= SHARE_MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** The send form has asked about the share (or there is none): a later sign-in goes to the form as usual. */
export function forgetShareAwaitingSignIn(): void {
  try {
    sessionStorage.removeItem(AWAITS_SIGN_IN_KEY);
  } catch {
    // Nothing kept.
  }
}
