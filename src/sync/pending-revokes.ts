import { ApiFailure } from '../api/api-failure';
import { signOutCall } from '../api/auth-api';
import { forgetRevoke, pendingRevokes } from '../db/pending-revoke-store';
import type { PendingRevoke } from '../db/app-db';

// The revokes of tokens the device forgot (sign-out, a sign-in over another), kept in IndexedDB by the
// write that forgot them (session-store.ts) and sent here: at once, then at each start, on return to
// the app and when the network returns (session.ts startSessionSync), until the gateway is done with them.

/**
 * What became of one revoke: done when the gateway took it (2xx) or says the token is dead already
 * (401); refused when the gateway turned this one down (another 4xx, such as 403 while the account
 * is suspended: kept, it may take it later); else not sent (offline, a timeout, 429, 5xx).
 */
async function revokeOnGateway({ token, profile_id }: PendingRevoke): Promise<'done' | 'refused' | 'not-sent'> {
  try {
    await signOutCall(token, profile_id);
    return 'done';
  } catch (error) {
    if (!(error instanceof ApiFailure)) return 'not-sent';
    if (error.kind === 'invalid-token') return 'done';
    const status = error.httpStatus;
    return error.kind === 'refused' && status >= 400 && status < 500 && status !== 408 && status !== 429
      ? 'refused'
      : 'not-sent';
  }
}

/**
 * Oldest first. One not sent ends the pass: offline, throttled or with the gateway down, the rest
 * would not be either. One refused stays and the next is sent: it answers for its own token only.
 */
async function sendPendingRevokes(): Promise<void> {
  for (const revoke of await pendingRevokes()) {
    const outcome = await revokeOnGateway(revoke);
    if (outcome === 'not-sent') return;
    if (outcome === 'done') await forgetRevoke(revoke.token);
  }
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends the kept revokes, one pass at a time; asked during a pass, another follows it (a revoke kept
 * meanwhile is sent too). Never rejects: what did not go waits for the next try.
 */
export function retryPendingRevokes(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await sendPendingRevokes().catch(() => {});
      } while (again);
    } finally {
      running = null; // in the same step as the last look at `again`: no ask falls between the two
    }
  })();
  return running;
}
