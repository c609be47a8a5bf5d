import { useEffect, useRef } from 'react';
import { collectShared, takeIncoming, type Incoming } from './incoming';

/**
 * Hands the screen shown a spreadsheet or text that came from outside (opened with the app, shared
 * to it): the send form takes the file as its Excel source and the text as its message, a phone
 * book's page takes the file into its import.
 */
export function useIncoming(
  apply: (item: Incoming) => void,
  { enabled = true, shares = false }: { enabled?: boolean; shares?: boolean } = {},
): void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (!enabled) return;
    const off = takeIncoming((item) => latest.current(item));
    // A share opens the send form (AFTER_SHARE_HREF): only the screen that asks collects what it kept.
    if (shares) void collectShared().catch(() => {});
    return off;
  }, [enabled, shares]);
}
