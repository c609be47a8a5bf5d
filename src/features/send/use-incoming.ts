import { useEffect, useRef } from 'react';
import { collectShared, takeIncoming, type Incoming } from '../../flows/incoming';

/**
 * Puts a spreadsheet or text that came from outside (opened with the app, shared to it) into the
 * send form: the file as its Excel source, the text as its message.
 */
export function useIncoming(apply: (item: Incoming) => void): void {
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    const off = takeIncoming((item) => latest.current(item));
    void collectShared().catch(() => {});
    return off;
  }, []);
}
