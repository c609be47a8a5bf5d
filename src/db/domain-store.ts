import { db } from './db';
import type { StoredDomain } from './app-db';

export const readDomain = (host: string) => db.domains.get(host);

export async function saveDomain(domain: StoredDomain): Promise<void> {
  await db.domains.put(domain);
}
