// Spreadsheets and text arriving from outside the app (docs/architecture.md#files-and-contacts-in):
// files opened with the installed app (File Handling's launchQueue) and shares the service worker
// kept (Web Share Target). Opened files wait here until a screen takes them: the send form, or a
// phone book's page for its import; a share goes to the send form only, after the user accepts it.
import { APP_PATHS } from '../domain/navigation/app-paths';
import { takeShared } from '../db/shared-in-store';

export interface Incoming {
  file: File | null;
  text: string;
}

type Taker = (item: Incoming) => void;
let waiting: Incoming[] = [];
// The screen shown takes what comes in; the last one mounted wins when two are (a dialog's screen).
const takers: Taker[] = [];
let openScreen: ((path: string) => void) | null = null;

function offer(item: Incoming): void {
  const take = takers.at(-1);
  if (take) return take(item);
  waiting.push(item);
  // No screen shown takes it: the send form opens and takes it from the waiting ones.
  openScreen?.(APP_PATHS.home.getHref());
}

/** A screen takes what comes in: what waited for it at once, later arrivals as they come. */
export function takeIncoming(take: Taker): () => void {
  takers.push(take);
  const now = waiting;
  waiting = [];
  for (const item of now) take(item);
  return () => {
    const at = takers.lastIndexOf(take);
    if (at >= 0) takers.splice(at, 1);
  };
}

/** How the signed-in shell opens a screen: for a file no screen takes, and for a shortcut launched into an open window. */
export function setScreenOpener(open: (path: string) => void): () => void {
  openScreen = open;
  return () => {
    if (openScreen === open) openScreen = null;
  };
}

type LaunchParams = { targetURL?: string; files?: ReadonlyArray<{ getFile(): Promise<File> }> };
type LaunchWindow = Window & { launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void } };

/**
 * Launches of the installed app. The manifest asks for an open window to be reused
 * (launch_handler focus-existing), so each launch comes here: a spreadsheet goes to the screen
 * shown (a phone book's import, else the send form); a shortcut opens its screen.
 */
export function listenForOpenedFiles(): void {
  (window as LaunchWindow).launchQueue?.setConsumer((params) => {
    const [handle] = params.files ?? [];
    if (handle) return void handle.getFile().then((file) => offer({ file, text: '' }));
    if (!params.targetURL) return;
    const target = new URL(params.targetURL, window.location.href);
    const path = `${target.pathname}${target.search}`;
    if (target.origin !== window.location.origin || path === `${window.location.pathname}${window.location.search}`)
      return;
    if (openScreen) openScreen(path);
    else window.location.assign(path);
  });
}

let collecting: Promise<Incoming | null> | null = null;

/**
 * What the service worker kept from a share, read once and forgotten (it works offline: nothing is
 * fetched). Not offered to a screen: the send form asks the user first, since any site can post to
 * the share target. Null when nothing, or nothing recent, was kept.
 */
export function collectShared(now = Date.now()): Promise<Incoming | null> {
  // One read at a time: a screen mounted twice (React's strict mode) gets the same share, file included.
  collecting ??= takeShared(now).finally(() => (collecting = null));
  return collecting;
}
