import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Workbox } from 'workbox-window';
import { Providers } from './providers';
import { routes } from './routes';
import { AlertArea } from '../ui/alert-area';
import { emitAlert, onAlert } from '../sync/alerts-bus';
import { refreshUser, signOutLocally, startSessionSync } from '../sync/session';
import { useSession } from '../sync/hooks/use-session';
import { onOutboxEvent } from '../outbox/outbox-events';
import { startOutbox } from '../outbox/start-outbox';
import { startPhonebookSync } from '../sync/phonebook-sync';
import { UpdatePrompt } from './update-prompt';
import { INVALID_TOKEN } from '../domain/alerts';

const router = createBrowserRouter(routes);

export function App({ workbox }: { workbox: Workbox | null }) {
  useEffect(() => startSessionSync(), []);
  // Phone book deletions made offline go to the gateway on start and when the network returns.
  useEffect(() => startPhonebookSync(), []);
  useOutboxOnceSignedIn(useSession().status === 'signed-in');
  return (
    <Providers>
      <RouterProvider router={router} />
      <AlertArea subscribe={onAlert} />
      <UpdatePrompt workbox={workbox} />
    </Providers>
  );
}

/**
 * The outbox drainer (a dedicated worker where possible) sends queued jobs; its alerts are SPEC 8's.
 * It starts at the first sign-in of this tab, then runs on: no job is sent without a session, and
 * its worker (about 200 KB) stays off the landing and login pages (issue 16).
 */
function useOutboxOnceSignedIn(signedIn: boolean) {
  const [wanted, setWanted] = useState(false);
  if (signedIn && !wanted) setWanted(true);
  useEffect(() => {
    if (!wanted) return;
    const stop = startOutbox({ alert: emitAlert, onInvalidToken: () => void signOutLocally(INVALID_TOKEN) });
    // A send the gateway refused (no credit, say): the balance shown is read again from the gateway.
    const off = onOutboxEvent((event) => {
      if (event.type === 'failed') void refreshUser();
    });
    return () => {
      off();
      void stop();
    };
  }, [wanted]);
}
