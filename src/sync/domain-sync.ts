import { fetchDomainDetails } from '../api/domain-api';
import { readDomain, saveDomain } from '../db/domain-store';
import { DOMAIN_CACHE_MS } from '../domain/constants';

/**
 * Shows the stored details at once and refreshes them from the gateway when it answers, so a
 * reseller's new logo arrives on the next visit while offline visits keep the last known brand.
 */
export async function refreshDomain(host: string, now = Date.now()): Promise<void> {
  const stored = await readDomain(host);
  try {
    const fresh = await fetchDomainDetails(host);
    await saveDomain({ ...fresh, host, fetchedAt: now });
  } catch (error) {
    // Offline or failing: stored details stay in use until they pass the one-year limit (SPEC 3).
    if (!stored || now - stored.fetchedAt > DOMAIN_CACHE_MS) throw error;
  }
}
