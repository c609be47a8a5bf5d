// Where a path sends a visitor (docs/product.md#screens-and-routes).
import { APP_PATHS, type RouteAccess } from './app-paths';
import { AFTER_SHARE_HREF } from '../send/incoming';

export type RouteContext = {
  loggedIn: boolean;
  isAdmin: boolean;
  isMainHost: boolean;
  /** A share opened the app signed out: the sign-in goes on to the send form's question about it. */
  shareAwaitsSignIn?: boolean;
};
export type RouteDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'landing' };

// Each route's pattern as a matcher: a `:param` is one path segment, matched case-sensitively.
const ROUTES: ReadonlyArray<readonly [RegExp, RouteAccess]> = Object.values(APP_PATHS).map(
  ({ path, access }) => [new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`), access] as const,
);

// Query, hash and a trailing slash do not change which screen a path names.
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

export function routeAccess(path: string): RouteAccess | null {
  const clean = normalizePath(path);
  return ROUTES.find(([pattern]) => pattern.test(clean))?.[1] ?? null;
}

const render: RouteDecision = { kind: 'render' };
const home: RouteDecision = { kind: 'redirect', to: APP_PATHS.home.getHref() };

export function routeDecision(
  path: string,
  { loggedIn, isAdmin, isMainHost, shareAwaitsSignIn = false }: RouteContext,
): RouteDecision {
  const access = routeAccess(path);
  if (access === 'public') {
    if (!loggedIn) return render;
    return shareAwaitsSignIn ? { kind: 'redirect', to: AFTER_SHARE_HREF } : home;
  }
  if (!loggedIn) return isMainHost ? { kind: 'landing' } : { kind: 'redirect', to: APP_PATHS.login.getHref() };
  // Unknown paths and admin screens opened by others fall back to the send form.
  if (access === null || (access === 'admin' && !isAdmin)) return home;
  return render;
}

// After sign-out the main host shows its landing page at /, any white-label host its login.
export const signedOutTarget = (isMainHost: boolean): string =>
  (isMainHost ? APP_PATHS.home : APP_PATHS.login).getHref();
