import { useEffect, useState } from 'react';

/** The time, read again every `everyMs`: what a screen compares a time with, without reading the clock as it renders. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
