import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../ui/mantine-styles-first';
import { App } from './app';
import { AppErrorBoundary } from './app-error-boundary';
import { expectTypedBeforeHydration } from './typed-before-hydration';
import { LandingScreen, LoginScreen, preloadFirstScreens } from './screens';
import { adoptDomainDetails } from '../sync/domain-sync';
import { settledSessionStatus } from '../sync/session-state';
import { PRERENDERED_DETAILS_ID, PRERENDERED_PATH_ATTRIBUTE } from '../domain/brand/prerendered-page';

/**
 * Mounts the app. A page the gateway prerendered for a visitor (the landing or login page) is
 * hydrated: React takes over the HTML already shown, and what was typed into it meanwhile stays.
 * Otherwise the app renders over index.html's splash, as a transition: React renders it in slices of a
 * few milliseconds instead of one task of a few hundred on a slow phone (the total blocking time
 * Lighthouse counts); the splash shows meanwhile. Resolves once a hydrated page is the app's.
 */
export async function mount(): Promise<void> {
  preloadFirstScreens(window.location.pathname, window.location.hostname);
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    </StrictMode>
  );
  if (await hydratable(container)) {
    const hydrated = expectTypedBeforeHydration(container);
    // In slices too: hydrating is rendering the whole page once.
    startTransition(() => {
      hydrateRoot(container, app, {
        // A page that does not match is rendered again by React: correct, but slower (the e2e tests fail on it).
        onRecoverableError: (error) => console.error('The prerendered page was rendered again:', error),
      });
    });
    return hydrated;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

/** Whether the page holds the visitor's screen the app's first render will show, as the gateway rendered it. */
async function hydratable(container: HTMLElement): Promise<boolean> {
  const path = container.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  const details = document.getElementById(PRERENDERED_DETAILS_ID)?.textContent;
  if (path === null || path !== window.location.pathname || !details) return false;
  if (!adoptDomainDetails(window.location.hostname, details)) return false;
  // Someone signed in on this device sees their own screens, not the visitor's page.
  const [status] = await Promise.all([settledSessionStatus(), LandingScreen.preload(), LoginScreen.preload()]);
  return status === 'signed-out';
}
