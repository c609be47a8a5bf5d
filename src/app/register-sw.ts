import { Workbox } from 'workbox-window';

/**
 * Registers the service worker in production builds; updates are offered by the UpdatePrompt, never forced.
 * `when` defers the registration, so the precache's downloads never compete with the first screen's (issue 16).
 */
export function registerServiceWorker(when: (register: () => void) => void = (r) => r()): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  when(() => void wb.register({ immediate: true }));
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
  return wb;
}
