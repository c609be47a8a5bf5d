import './install-prompt';
import { registerServiceWorker } from './register-sw';
import { dashboardListAt, firstScreenModules, screenModules } from './screen-modules';
import { statusPageKey } from '../domain/navigation/start-screens';
import { readRevokesHint, readSessionHint } from '../db/boot-mirror';
import { holdUntilFirstScreen } from '../sync/after-first-screen';
import { PRERENDERED_DETAILS_ID, PRERENDERED_PATH_ATTRIBUTE } from '../domain/brand/prerendered-page';
import { AFTER_SHARE_HREF } from '../domain/send/incoming';
import { noteShareAwaitingSignIn } from '../flows/share-sign-in';
import { startAtFirstTouch } from './first-touch';

// The entry stays tiny: index.html's splash paints at once instead of waiting for the app's
// stylesheet (render-blocking when imported here), which now arrives with the app chunk.
holdUntilFirstScreen();
const container = document.getElementById('root')!;
// A visitor's page the gateway prerendered is shown and takes typing already: the app runs at the first touch,
// unless a token signed out offline waits for its revoke, which goes at the start of the app.
const visitorPage =
  container.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === window.location.pathname &&
  readSessionHint() !== 'signed-in' &&
  !readRevokesHint();
// The first screen's code is asked for now, beside the app's, not after it.
if (!visitorPage)
  for (const name of firstScreenModules(window.location.pathname, window.location.hostname))
    void screenModules[name]().catch(() => {}); // a failure shows again, and is handled, when the screen loads
// A status page opened by its address asks for its first rows now too, not after its screen's code.
// The app mounts once that request is on its way (a second at most): its code's evaluation and first
// render, long tasks on a slow phone, then run while the answer travels, not between the reads of the
// device before the request (docs/architecture.md "Opening a dashboard").
const signedIn = readSessionHint() === 'signed-in';
const statusKey = signedIn ? statusPageKey(window.location.pathname) : null;
let firstPageAsked: Promise<unknown> = Promise.resolve();
if (statusKey !== null)
  firstPageAsked = import('../sync/status-prefetch').then((m) => {
    m.prefetchStatusPage(statusKey);
    return m.statusPageAsked();
  });
// So does a dashboard: its list's code and its first page, which the list screen then shows from the device.
const dashboardList = signedIn ? dashboardListAt(window.location.pathname) : null;
if (dashboardList !== null) {
  void screenModules.messages().catch(() => {});
  firstPageAsked = import('../sync/list-loader').then((m) => {
    m.openListEarly(dashboardList).catch(() => {}); // the list screen shows a failure, and asks again
    return m.earlyListAsked();
  });
}
const ASKED_AT_MOST_MS = 1000;
const askedOrLate = Promise.race([
  firstPageAsked.catch(() => {}),
  new Promise((resolve) => setTimeout(resolve, ASKED_AT_MOST_MS)),
]);
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
const mountApp = () => askedOrLate.then(() => import('./root')).then(({ mount }) => mount());
if (visitorPage) startAtFirstTouch(container, mountApp);
else void mountApp();
