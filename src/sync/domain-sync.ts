import { fetchDomainDetails } from '../api/domain-api';
import { parseDomainMirror, readDomainMirrorText, writeDomainMirror } from '../db/boot-mirror';
import { parseDomainDetails } from '../domain/brand/domain-details';
import type { StoredDomain } from '../db/app-db';
import { DOMAIN_CACHE_MS } from '../domain/constants';
import { afterFirstScreen } from './after-first-screen';

/** The details IndexedDB holds for `host` (a device without localStorage, or one that stored them before the copy existed). */
async function storedInDatabase(host: string): Promise<StoredDomain | undefined> {
  const { readDomain } = await import('../db/domain-store');
  const stored = await readDomain(host).catch(() => undefined);
  if (stored && !readDomainMirrorText(host)) writeDomainMirror(stored);
  return stored;
}

/**
 * Shows the stored details at once and refreshes them from the gateway when it answers, so a
 * reseller's new logo arrives on the next visit while offline visits keep the last known brand.
 * The copy is kept in localStorage, which the first screen reads without loading Dexie;
 * only where localStorage refuses it does IndexedDB keep it, once the first screen has shown.
 */
export function refreshDomain(host: string, { force = false, now = Date.now() } = {}): Promise<void> {
  // The entry asks first, beside the app's code; the screens' own calls meanwhile share that answer,
  // and for a few minutes after it. Each answer rewrites the copy, and every screen showing the
  // brand rendered again.
  const last = answeredAt.get(host);
  if (
    !force &&
    last !== undefined &&
    now - last < REUSE_ANSWER_MS &&
    parseDomainMirror(readDomainMirrorText(host), host)
  )
    return Promise.resolve();
  let pending = inFlight.get(host);
  if (!pending) {
    pending = refresh(host, now).finally(() => inFlight.delete(host));
    inFlight.set(host, pending);
  }
  return pending;
}

/**
 * Takes the details a page prerendered by the gateway carries (its /domain answer, as JSON) as this
 * visit's answer: stored as the copy, and not asked for again for a few minutes. False when they do
 * not read as domain details.
 */
export function adoptDomainDetails(host: string, json: string, now = Date.now()): boolean {
  let details;
  try {
    details = parseDomainDetails(JSON.parse(json));
  } catch {
    return false;
  }
  if (!details) return false;
  answeredAt.set(host, now);
  writeDomainMirror({ ...details, host, fetchedAt: now });
  return true;
}

const REUSE_ANSWER_MS = 5 * 60_000;
const inFlight = new Map<string, Promise<void>>();
const answeredAt = new Map<string, number>();

/** Resolves once every refresh under way has ended, its IndexedDB copy written (tests wait for it between cases). */
export const domainRefreshesSettled = () => Promise.allSettled([...inFlight.values()]).then(() => undefined);

async function refresh(host: string, now: number): Promise<void> {
  try {
    const domain = { ...(await fetchDomainDetails(host)), host, fetchedAt: now };
    answeredAt.set(host, now);
    // Where localStorage refuses the copy (blocked or full), IndexedDB keeps one for offline visits.
    if (writeDomainMirror(domain)) return;
    await new Promise<void>((resolve, reject) =>
      afterFirstScreen(() => void import('../db/domain-store').then((m) => m.saveDomain(domain)).then(resolve, reject)),
    );
  } catch (error) {
    // Offline or failing: stored details stay in use until they pass the one-year limit (docs/product.md#stored-on-the-device).
    const stored = parseDomainMirror(readDomainMirrorText(host), host) ?? (await storedInDatabase(host));
    if (!stored || now - stored.fetchedAt > DOMAIN_CACHE_MS) throw error;
  }
}
