import './install-prompt';
import { registerServiceWorker } from './register-sw';
import { firstScreenModules, screenModules, statusPageKey } from './screen-modules';
import { readSessionHint } from '../db/boot-mirror';
import { holdUntilFirstScreen } from '../sync/after-first-screen';
import { PRERENDERED_DETAILS_ID } from '../domain/brand/prerendered-page';
import { AFTER_SHARE_HREF } from '../domain/send/incoming';
import { noteShareAwaitingSignIn } from '../flows/share-sign-in';

// The entry stays tiny: index.html's splash paints at once instead of waiting for the app's
// stylesheet (render-blocking when imported here), which now arrives with the app chunk.
holdUntilFirstScreen();
// The first screen's code is asked for now, beside the app's, not after it.
for (const name of firstScreenModules(window.location.pathname, window.location.hostname))
  void screenModules[name]().catch(() => {}); // a failure shows again, and is handled, when the screen loads
// A status page opened by its address asks for its first rows now too, not after its screen's code.
const statusKey = readSessionHint() === 'signed-in' ? statusPageKey(window.location.pathname) : null;
if (statusKey !== null)
  void import('../sync/status-prefetch').then((m) => m.prefetchStatusPage(statusKey)).catch(() => {});
// So are the domain's details on a first visit, which the first screen waits for, unless the gateway
// prerendered the page with them (root.tsx takes them from it).
if (!document.getElementById(PRERENDERED_DETAILS_ID))
  void import('../sync/domain-sync').then((m) => m.refreshDomain(window.location.hostname)).catch(() => {});
registerServiceWorker();
// A share that opens the app signed out is asked about after this tab's sign-in, not lost at the
// login: noted before the first screen, so a click on the login comes after it.
if (`${window.location.pathname}${window.location.search}` === AFTER_SHARE_HREF && readSessionHint() !== 'signed-in')
  noteShareAwaitingSignIn();
// A spreadsheet opened with the installed app: taken now, kept until the send form shows.
if ('launchQueue' in window) void import('../flows/incoming').then((m) => m.listenForOpenedFiles());
void import('./root').then(({ mount }) => mount());
