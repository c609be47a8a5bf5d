import { afterFirstScreen } from '../sync/after-first-screen';

/** Starts something loaded on demand; the returned stop works before the load has finished too. */
export function lazyStart(load: () => Promise<() => void>): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  void load().then((started) => {
    if (stopped) started();
    else stop = started;
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * lazyStart once the first screen has shown (after-first-screen.ts): its code and start-up stay out of
 * that screen's way on a slow phone. A stop before then means it never starts.
 */
export function lazyStartAfterFirstScreen(load: () => Promise<() => void>): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  afterFirstScreen(() => {
    if (!stopped) stop = lazyStart(load);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
