import { useEffect, useSyncExternalStore } from 'react';
import { refreshWaiting, subscribeWaiting, waitingSnapshot, type WaitingApprovals } from '../waiting-approvals';

/**
 * The campaigns waiting for approval (sync/waiting-approvals.ts), asked again while `online` whenever
 * `askAgain` (the screen's path) or the user's info changes.
 */
export function useWaitingApprovals(
  user: Parameters<typeof refreshWaiting>[0],
  askAgain: string,
  online: boolean,
): WaitingApprovals {
  const waiting = useSyncExternalStore(subscribeWaiting, waitingSnapshot, waitingSnapshot);
  useEffect(() => {
    if (online) void refreshWaiting(user);
  }, [online, askAgain, user]);
  return waiting;
}
