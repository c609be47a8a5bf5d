// Work the first screen does not need (IndexedDB's live session watch, the start-up syncs) waits until
// that screen has shown, so its downloads and parsing never delay it on a slow phone.
// Outside the app (unit tests), nothing holds and the work runs at once.

const HOLD_AT_MOST_MS = 5000;
let holding = false;
let releasing = false;
const queue: Array<() => void> = [];

// A second after the screen shows, when the browser is idle: its images and the domain's answer come
// first, and Dexie's and zod's parsing stays out of the first paint's long tasks on a slow phone.
const AFTER_SCREEN_MS = 1000;
const whenIdle = (run: () => void) =>
  setTimeout(
    () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : run()),
    AFTER_SCREEN_MS,
  );

/** Which hold a release belongs to: a release of an earlier hold never ends a later one. */
let generation = 0;

/**
 * Called at start-up, and at a sign-in (the account's first screen comes next): work given to
 * afterFirstScreen waits for releaseFirstScreen (or a few seconds).
 */
export function holdUntilFirstScreen(): void {
  holding = true;
  releasing = false;
  const held = (generation += 1);
  setTimeout(() => held === generation && releaseFirstScreen(), HOLD_AT_MOST_MS);
}

/** The first screen has rendered: the held work, and any given until it runs, runs once the browser is idle. */
export function releaseFirstScreen(): void {
  if (!holding || releasing) return;
  releasing = true;
  const held = generation;
  whenIdle(() => {
    if (held !== generation) return;
    holding = false;
    queue.splice(0).forEach((run) => run());
  });
}

export function afterFirstScreen(run: () => void): void {
  if (holding) queue.push(run);
  else run();
}
