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

/** What a person does to move on: each puts off the drawing useQuietIdle waits for. */
const INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * False until the browser has idled after `quietMs` with no tap or key since the component showed, and
 * the address is still the one it showed at; then true. For costly drawing that a person's tap must
 * not wait for: a tap that opens another screen keeps the main thread, and when that screen loads in a
 * transition (this one still shown meanwhile) the address has already changed, so the drawing never
 * starts. With `anyAddress` (a part of the shell, which stays across screens), it waits for a quiet
 * moment on whichever screen is shown.
 */
export function useQuietIdle(quietMs = 1000, timeoutMs = 3000, { anyAddress = false } = {}): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const shownAt = window.location.pathname;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelIdle = () => {};
    const stop = () => {
      clearTimeout(timer);
      cancelIdle();
    };
    const wait = () => {
      stop();
      timer = setTimeout(() => {
        cancelIdle = whenIdle(() => {
          if (!anyAddress && window.location.pathname !== shownAt) return;
          for (const input of INPUTS) window.removeEventListener(input, wait, true);
          setReady(true);
        }, timeoutMs);
      }, quietMs);
    };
    for (const input of INPUTS) window.addEventListener(input, wait, { capture: true, passive: true });
    wait();
    return () => {
      for (const input of INPUTS) window.removeEventListener(input, wait, true);
      stop();
    };
  }, [quietMs, timeoutMs, anyAddress]);
  return ready;
}
