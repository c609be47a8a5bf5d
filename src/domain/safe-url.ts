import { CHECKOUT_PATH, IMAGES_PATH } from './api-paths';

/**
 * A URL from the server (logo, background, payment link) is used only when it is http(s) on the
 * page's own origin, or the gateway's images path; never javascript:, data: or another site.
 */
export function safeAssetUrl(url: string | null | undefined, pageOrigin: string): string | null {
  const raw = (url ?? '').trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, pageOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin !== new URL(pageOrigin).origin) return null;
  if (parsed.username || parsed.password) return null;
  return parsed.pathname.startsWith(IMAGES_PATH) || raw.startsWith('/') ? parsed.href : null;
}

/**
 * A payment page from the gateway's paystack-link/ answer: Paystack's (https) or the gateway's own
 * simulated page on this origin. Anything else (javascript:, data:, plain http elsewhere) is refused.
 */
export function safePaymentUrl(url: string | null | undefined, pageOrigin: string): string | null {
  const raw = (url ?? '').trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, pageOrigin);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  if (parsed.origin === new URL(pageOrigin).origin)
    return parsed.pathname.startsWith(CHECKOUT_PATH) ? parsed.href : null;
  return parsed.protocol === 'https:' ? parsed.href : null;
}
