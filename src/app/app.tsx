import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { Providers } from './providers';
import { routes } from './routes';
import { AlertArea } from '../ui/alert-area';
import { emitAlert, onAlert } from '../notify/alerts-bus';
import { useSession } from '../sync/hooks/use-session';
import { afterFirstScreen } from '../sync/after-first-screen';
import { UpdatePrompt } from './update-prompt';
import { INVALID_TOKEN } from '../domain/alerts';
import { lazyStart } from './lazy-start';
import { readRevokesHint } from '../db/boot-mirror';

// Declarative routing: the app uses none of the data router's loaders or actions, whose code the
// first screen would otherwise download, compile and run.
function AppRoutes() {
  return useRoutes(routes);
}

/** The router around the screens: the browser's address, or the gateway's prerender's fixed one. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export function App({ Router = BrowserRouter }: { Router?: AppRouter }) {
  // From the first sign-in of this tab (or the start of a signed-in one), on: nothing stops at sign-out.
  const signedInOnce = useOnceTrue(useSession().status === 'signed-in');
  // A token signed out offline is revoked from a signed-out start too (docs/product.md#sign-in-and-sessions).
  const [revokeWaits] = useState(readRevokesHint);
  useSyncsOnceSignedIn(signedInOnce, revokeWaits);
  useOutboxOnceSignedIn(signedInOnce);
  return (
    <Providers>
      <Router>
        <AppRoutes />
      </Router>
      <AlertArea subscribe={onAlert} />
      <UpdatePrompt />
    </Providers>
  );
}

/**
 * Sign-out on 'Invalid Token', fetchuser and the revokes of signed-out tokens on start and on return, phone
 * book deletions made offline sent on start and when the network returns: from the first sign-in of this
 * tab (or the start of a signed-in one), after the first screen; the revokes from any start while one
 * waits. A signed-out visitor's landing or login page, no revoke waiting, never loads IndexedDB's code
 * (Dexie) or the answers' schemas (zod) for them.
 */
function useSyncsOnceSignedIn(signedInOnce: boolean, revokeWaits: boolean) {
  const sessionSync = signedInOnce || revokeWaits;
  useEffect(() => {
    if (!sessionSync) return;
    return startAfterFirstScreen(() => import('../sync/session').then((m) => m.startSessionSync()));
  }, [sessionSync]);
  useEffect(() => {
    if (!signedInOnce) return;
    return startAfterFirstScreen(() => import('../sync/phonebook-sync').then((m) => m.startPhonebookSync()));
  }, [signedInOnce]);
  useEffect(() => {
    if (!signedInOnce) return;
    return startAfterFirstScreen(() => import('../sync/templates').then((m) => m.startTemplateSync()));
  }, [signedInOnce]);
}

/** Starts work loaded on demand once the first screen has shown; the returned stop works before either. */
function startAfterFirstScreen(load: () => Promise<() => void>): () => void {
  let stopped = false;
  let stop = () => {};
  afterFirstScreen(() => {
    if (!stopped) stop = lazyStart(load);
  });
  return () => {
    stopped = true;
    stop();
  };
}

/** True from the first render where `value` is, on. */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(false);
  if (value && !once) setOnce(true);
  return once || value;
}

/**
 * The outbox drainer (a dedicated worker where possible) sends queued jobs, with the alerts of
 * docs/product.md#the-outbox-and-batches. It starts at the first sign-in of this tab, then runs on: no
 * job is sent without a session, and its code and worker stay off the landing and login pages. It
 * starts once the first signed-in screen has shown, as the syncs do: loaded from the shell's first
 * commit, its code (its requests and their preload links) cost that screen 60-70 ms at 4x CPU. A job
 * queued before then waits for it in the device's database.
 */
function useOutboxOnceSignedIn(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    return startAfterFirstScreen(async () => {
      const [{ startOutbox }, { onOutboxEvent }, { refreshUser, signOutLocally }] = await Promise.all([
        import('../outbox/start-outbox'),
        import('../outbox/outbox-events'),
        import('../sync/session'),
      ]);
      const stop = startOutbox({
        alert: emitAlert,
        onInvalidToken: (refused) => void signOutLocally(refused, INVALID_TOKEN),
      });
      // A send the gateway refused (no credit, say): the balance shown is read again from the gateway.
      const off = onOutboxEvent((event) => {
        if (event.type === 'failed') void refreshUser();
      });
      return () => {
        off();
        void stop();
      };
    });
  }, [wanted]);
}
