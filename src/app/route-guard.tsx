import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { routeDecision } from '../domain/navigation/routing';
import { shareAwaitsSignIn } from '../flows/share-sign-in';
import { TOP_SUPERVISOR_ID } from '../domain/constants';
import { useSession } from '../sync/hooks/use-session';
import { useDomain } from '../sync/hooks/use-domain';
import { FullPageLoader } from './full-page-loader';
import { useSignedOutNavigation } from './use-signed-out-navigation';
import { useDocumentBranding } from './branding';
import { AppLayout, LandingScreen } from './screens';

/** Access rules (docs/product.md#screens-and-routes): landing or /login for visitors, / for a signed-in user on /login or /signup, admin routes for admins. */
export function RouteGuard() {
  const session = useSession();
  const domainState = useDomain();
  const { pathname } = useLocation();
  const domain = domainState.status === 'ready' ? domainState.domain : null;
  useDocumentBranding(domain);
  useSignedOutNavigation(session.status, domain?.profile_id === TOP_SUPERVISOR_ID);
  if (session.status === 'loading' || domainState.status === 'loading') return <FullPageLoader />;
  const user = session.status === 'signed-in' ? session.user : null;
  const decision = routeDecision(pathname, {
    loggedIn: user !== null,
    isAdmin: user?.isAdmin ?? false,
    isMainHost: domain?.profile_id === TOP_SUPERVISOR_ID,
    // A share that opened the app signed out (main.tsx) is asked about after the sign-in.
    shareAwaitsSignIn: user !== null && shareAwaitsSignIn(),
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'landing') {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <LandingScreen />
      </Suspense>
    );
  }
  if (user) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        {/* Screens are one account's: nothing typed or loaded carries into one signed in after it (another tab). */}
        <AppLayout key={user.profile_id} user={user} domain={domain} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
