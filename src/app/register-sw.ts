/**
 * Registers the service worker in production builds at the load event, with the browser's own API:
 * workbox-window comes after the first screen, for the update prompt (use-update-workbox.ts).
 * Updates are offered by the UpdatePrompt, never forced.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') registerWithRetries();
  else window.addEventListener('load', () => registerWithRetries(), { once: true });
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.update())
      .catch(() => {});
  });
}

/**
 * Waits before each new try when the first install failed (a file of the precache did not arrive on
 * a bad connection): the browser forgets such a registration, and a tab that is never reloaded would
 * otherwise stay without offline use for as long as it is open.
 */
export const INSTALL_RETRIES_MS = [10_000, 30_000, 120_000, 600_000];

function registerWithRetries(attempt = 0): void {
  const retry = () => {
    const wait = INSTALL_RETRIES_MS[attempt];
    if (wait !== undefined) setTimeout(() => registerWithRetries(attempt + 1), wait);
  };
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).then((registration?: ServiceWorkerRegistration) => {
    // No registration at all where service workers are blocked (a browser's policy, a test).
    const worker = registration?.installing;
    if (!registration || !worker || registration.active) return;
    worker.addEventListener('statechange', () => {
      // Redundant with nothing active: this first install failed.
      if (worker.state === 'redundant' && !registration.active) retry();
    });
  }, retry);
}
