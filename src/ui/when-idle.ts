import { useEffect, useState } from 'react';

// Used by screens inside the signed-in shell only: the login page's code stays within its budget
// (src/app/screens.tsx keeps its own one-line idle callback for that reason).

/**
 * Runs `run` at the browser's next idle moment (at most `timeoutMs` later), or after a second where the
 * browser has no idle callback; the answer cancels it. For work a person's next tap must not wait for.
 */
function whenIdle(run: () => void, timeoutMs = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 1000);
  return () => clearTimeout(timer);
}

/** False until the browser has had an idle moment since the component showed (see whenIdle). */
export function useIdle(timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
