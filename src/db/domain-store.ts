import { db } from './db';
import type { StoredDomain } from './app-db';
import { writeDomainMirror } from './boot-mirror';

export const readDomain = (host: string) => db.domains.get(host);

/** Stores the details in IndexedDB and in the first screen's copy (boot-mirror), which the screens show. */
export async function saveDomain(domain: StoredDomain): Promise<void> {
  writeDomainMirror(domain);
  await db.domains.put(domain);
}
