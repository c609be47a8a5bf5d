// Built for Node (vite build --ssr, into dist/.ssr/) and run by the gateway: the landing and login
// pages' HTML, rendered with the host's details, so a first visit paints the page itself before the
// app's code arrives; the app then hydrates it (root.tsx, docs/architecture.md#the-pwa-flows).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, type AppRouter } from './app';
import { LandingScreen, LoginScreen } from './screens';
import { forgetRefusedCopies, writeDomainMirror } from '../db/boot-mirror';
import { parseDomainDetails } from '../domain/brand/domain-details';
import { routeDecision } from '../domain/navigation/routing';
import { TOP_SUPERVISOR_ID } from '../domain/constants';
import { PRERENDERED_PATHS, type Prerender } from '../domain/brand/prerendered-page';

// The screens render at once when their code is loaded, as the browser has it before hydrating.
const screensLoaded = Promise.all([LandingScreen.preload(), LoginScreen.preload()]);

export const prerender: Prerender = async ({ path, host, origin, details, now }) => {
  await screensLoaded;
  const domain = parseDomainDetails(details);
  if (!domain || !PRERENDERED_PATHS.has(path)) return null;
  const decision = routeDecision(path, {
    loggedIn: false,
    isAdmin: false,
    isMainHost: domain.profile_id === TOP_SUPERVISOR_ID,
  });
  if (decision.kind === 'redirect') return null;
  const Router: AppRouter = ({ children }) => <StaticRouter location={path}>{children}</StaticRouter>;
  // The screens read the page's address and the domain's copy as the browser would. Nothing awaits
  // between setting them and clearing them: one request's render never sees another's.
  const global = globalThis as { window?: unknown };
  global.window = { location: { hostname: host, origin, pathname: path } };
  try {
    writeDomainMirror({ ...domain, host, fetchedAt: now });
    return renderToString(
      <StrictMode>
        <App Router={Router} />
      </StrictMode>,
    );
  } finally {
    forgetRefusedCopies();
    delete global.window;
  }
};
