import { Workbox } from 'workbox-window';

/** Registers the service worker in production builds; updates are offered by the shell, never forced. */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register();
  return wb;
}
