import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { SIGNED_OUT_REDIRECT_DELAY_MS } from '../domain/constants';
import { signedOutTarget } from '../domain/navigation/routing';
import type { SessionState } from '../sync/hooks/use-session';

/**
 * docs/product.md#screens-and-routes, for every sign-out, chosen or forced ('Invalid Token', a failed fetchuser): on the main host
 * the app goes to / after 100 ms, on any other host to /login.
 */
export function useSignedOutNavigation(status: SessionState['status'], isMainHost: boolean): void {
  const navigate = useNavigate();
  const previous = useRef(status);
  useEffect(() => {
    const signedOut = previous.current === 'signed-in' && status === 'signed-out';
    previous.current = status;
    if (!signedOut) return;
    const timer = window.setTimeout(
      () => navigate(signedOutTarget(isMainHost), { replace: true }),
      isMainHost ? SIGNED_OUT_REDIRECT_DELAY_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [status, isMainHost, navigate]);
}
