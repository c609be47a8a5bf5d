import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AFTER_SHARE_HREF } from '../domain/send/incoming';
import { APP_PATHS } from '../domain/navigation/app-paths';
import { collectShared, takeIncoming, type Incoming } from './incoming';
import { forgetShareAwaitingSignIn } from './share-sign-in';

/**
 * Hands the screen shown a spreadsheet opened with the installed app: the send form takes the file
 * as its Excel source, a phone book's page takes it into its import.
 */
export function useIncoming(apply: (item: Incoming) => void, { enabled = true }: { enabled?: boolean } = {}): void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (!enabled) return;
    return takeIncoming((item) => latest.current(item));
  }, [enabled]);
}

/**
 * What was shared to the app, for the send form to ask about: collected only when the page is the
 * one a share opens (AFTER_SHARE_HREF), and held until the user uses or discards it (`settle`).
 */
export function useKeptShare(): { shared: Incoming | null; settle: () => void } {
  const { pathname, search } = useLocation();
  const afterShare = `${pathname}${search}` === AFTER_SHARE_HREF;
  const [shared, setShared] = useState<Incoming | null>(null);
  useEffect(() => {
    if (!afterShare) return;
    forgetShareAwaitingSignIn();
    void collectShared()
      .then((item) => item && (item.file || item.text) && setShared(item))
      .catch(() => {});
  }, [afterShare]);
  const navigate = useNavigate();
  const settle = () => {
    setShared(null);
    // Answered: the address no longer says a share is waiting (a sign-out here would note it again).
    if (afterShare) navigate(APP_PATHS.home.getHref(), { replace: true });
  };
  return { shared, settle };
}
