import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { releaseFirstScreen } from '../sync/after-first-screen';
import { FullPageLoader } from './full-page-loader';
import { replayTypedBeforeHydration } from './typed-before-hydration';

const RELOADED_KEY = 'chunk-reload-at';

/**
 * After a deploy, an old page may ask for a chunk that no longer exists: reload once to get the new
 * app, and only once a minute so a real outage does not loop.
 */
async function loadOrReload<C>(load: () => Promise<C>): Promise<C> {
  try {
    return await load();
  } catch (error) {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last > 60_000) {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      window.location.reload();
      return new Promise<never>(() => {});
    }
    throw error;
  }
}

/**
 * A screen loaded on demand. It shows `fallback` while its code loads, without suspending: React
 * holds a suspended screen back for at least 300 ms once it has shown a fallback, which would delay the
 * offline login form. Once loaded, it renders at once.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <FullPageLoader />,
) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  // A prefetch that fails is forgotten (no reload): the screen's own load tries again when it is shown.
  const start = (reloadOnFailure = true) =>
    (loading ??= (reloadOnFailure ? loadOrReload(load) : load()).then(
      (screen) => (loaded = screen),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  function LazyScreen(props: P) {
    const [Screen, setScreen] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Screen) return;
      let live = true;
      start().then(
        // Rendered in slices (a transition): a screen's first render is the longest task of its arrival.
        (screen) => live && startTransition(() => setScreen(() => screen)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [Screen]);
    useEffect(() => {
      if (!Screen) return;
      releaseFirstScreen();
      replayTypedBeforeHydration();
    }, [Screen]);
    if (failure) throw failure.error;
    return Screen ? <Screen {...props} /> : fallback;
  }
  return Object.assign(LazyScreen, {
    preload: () => start().then(() => undefined),
    /** Fetches the screen's code ahead of need (a person about to open it); quietly, failure or not. */
    prefetch: () => void start(false).catch(() => {}),
  });
}
