import { APP_PATHS } from './app-paths';

// The screens an app started at an address shows first, read from the address alone: the entry asks
// for their code and first rows as it starts (src/app/main.tsx), and the gateway names their code in the
// page it serves for that address (server/src/http/screen-preloads.ts).

/** The message key of a status page's address (/dashboard/:id, /clientdashboard/:id), else null. */
export function statusPageKey(path: string): string | null {
  for (const route of [APP_PATHS.dashboardStatus, APP_PATHS.clientDashboardStatus]) {
    const base = route.path.replace(/:id$/, '');
    const rest = path.startsWith(base) ? path.slice(base.length) : '';
    if (!rest || rest.includes('/')) continue;
    try {
      return decodeURIComponent(rest);
    } catch {
      return null;
    }
  }
  return null;
}

/** Whose dashboard list an address shows (/dashboard: the account's own, /clientdashboard: its clients'), else null. */
export function dashboardViewAt(path: string): 'own' | 'client' | null {
  if (path === APP_PATHS.dashboard.path) return 'own';
  if (path === APP_PATHS.clientDashboard.path) return 'client';
  return null;
}
