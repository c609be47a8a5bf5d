import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { afterFirstScreen } from '../sync/after-first-screen';

/**
 * workbox-window over the service worker registered at start (register-sw.ts), for the update
 * prompt: loaded once the first screen has shown, off the login page's path. The prompt
 * listens before it registers, so a version already waiting is still announced.
 */
export function useUpdateWorkbox(): Workbox | null {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    afterFirstScreen(() => {
      void import('workbox-window').then(({ Workbox }) => {
        if (!cancelled) setWorkbox(new Workbox('/sw.js', { scope: '/' }));
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return workbox;
}
