import { Workbox } from 'workbox-window';

/** Registers the service worker in production builds; updates are offered by the UpdatePrompt, never forced. */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register();
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
  return wb;
}
