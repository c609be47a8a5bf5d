import { CHECKOUT_PATH, IMAGES_PATH } from './api-paths';

/** A URL from the server, resolved against the page; null when empty, unparsable or carrying credentials. */
function serverUrl(url: string | null | undefined, pageOrigin: string): { raw: string; parsed: URL } | null {
  const raw = (url ?? '').trim();
  if (!raw) return null;
  try {
    const parsed = new URL(raw, pageOrigin);
    return parsed.username || parsed.password ? null : { raw, parsed };
  } catch {
    return null;
  }
}

/**
 * A URL from the server (logo, background) is used only when it is http(s) on the page's own
 * origin, or the gateway's images path; never javascript:, data: or another site.
 */
export function safeAssetUrl(url: string | null | undefined, pageOrigin: string): string | null {
  const found = serverUrl(url, pageOrigin);
  if (!found) return null;
  const { raw, parsed } = found;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.origin !== new URL(pageOrigin).origin) return null;
  return parsed.pathname.startsWith(IMAGES_PATH) || raw.startsWith('/') ? parsed.href : null;
}

/**
 * safeAssetUrl's answer as a path on the page's own origin (where the rule keeps every asset): the same
 * in the gateway's prerendered HTML as in the browser, whatever scheme a proxy in front of it shows.
 */
export function safeAssetPath(url: string | null | undefined, pageOrigin: string): string | null {
  const safe = safeAssetUrl(url, pageOrigin);
  if (!safe) return null;
  const { pathname, search } = new URL(safe);
  return pathname + search;
}

/**
 * A payment page from the gateway's paystack-link/ answer: Paystack's (https) or the gateway's own
 * simulated page on this origin. Anything else (javascript:, data:, plain http elsewhere) is refused.
 */
export function safePaymentUrl(url: string | null | undefined, pageOrigin: string): string | null {
  const parsed = serverUrl(url, pageOrigin)?.parsed;
  if (!parsed) return null;
  if (parsed.origin === new URL(pageOrigin).origin)
    return parsed.pathname.startsWith(CHECKOUT_PATH) ? parsed.href : null;
  return parsed.protocol === 'https:' ? parsed.href : null;
}
