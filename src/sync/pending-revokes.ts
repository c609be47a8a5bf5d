import { ApiFailure } from '../api/api-failure';
import { signOutCall } from '../api/auth-api';
import { forgetRevoke, pendingRevokes } from '../db/pending-revoke-store';
import type { PendingRevoke } from '../db/app-db';

// The revokes of tokens the device forgot (sign-out, a sign-in over another), kept in IndexedDB by the
// write that forgot them (session-store.ts) and sent here: at once, then at each start, on return to
// the app and when the network returns (session.ts startSessionSync), until the gateway is done with them.

/** Done when the gateway took it (2xx) or says the token is dead already (401); anything else is tried again. */
async function revokedOnGateway({ token, profile_id }: PendingRevoke): Promise<boolean> {
  try {
    await signOutCall(token, profile_id);
    return true;
  } catch (error) {
    return error instanceof ApiFailure && error.kind === 'invalid-token';
  }
}

/** Oldest first; the first that fails ends the pass: offline or with the gateway down, the rest would too. */
async function sendPendingRevokes(): Promise<void> {
  for (const revoke of await pendingRevokes()) {
    if (!(await revokedOnGateway(revoke))) return;
    await forgetRevoke(revoke.token);
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
