import { parseDomainMirror, readDomainMirrorText, readSessionHint } from '../db/boot-mirror';
import { TOP_SUPERVISOR_ID } from '../domain/constants';
import { dashboardViewAt, statusPageKey } from '../domain/navigation/start-screens';
import type { QuickListName } from '../api/list-api';

// The code of the screens a first visit can open on, without React, so the entry can ask for it beside
// the app's own chunk instead of after it (no entry -> app -> screen chain).
export const screenModules = {
  landing: () => import('../features/landing/landing-screen'),
  login: () => import('../features/auth/login-screen'),
  shell: () => import('./shell/app-layout'),
  allStyles: () => import('../ui/mantine-styles-rest'),
  status: () => import('../features/messages/status-screen'),
  messages: () => import('../features/messages/message-list-screen'),
};

/** The dashboard list a start at `path` shows (/dashboard, /clientdashboard), else null. */
export function dashboardListAt(path: string): QuickListName | null {
  const view = dashboardViewAt(path);
  return view === null ? null : view === 'own' ? 'quick-own' : 'quick-client';
}

/** What the first render at `path` will show, as far as the device knows before the app runs. */
export function firstScreenModules(path: string, host: string): Array<keyof typeof screenModules> {
  if (readSessionHint() === 'signed-in')
    return statusPageKey(path) === null ? ['shell', 'allStyles'] : ['shell', 'allStyles', 'status'];
  if (path === '/login') return ['login'];
  if (path !== '/') return [];
  const domain = parseDomainMirror(readDomainMirrorText(host), host);
  return domain && domain.profile_id !== TOP_SUPERVISOR_ID ? ['login'] : ['landing'];
}
