import Dexie, { type EntityTable } from 'dexie';
import type { DomainDetailsAnswer } from '../api/domain-api';

/** Domain details as stored on the device, with when they were fetched (SPEC 3: kept about a year). */
export interface StoredDomain extends DomainDetailsAnswer {
  host: string;
  fetchedAt: number;
}

/** The device's one database. Each version keeps what earlier versions stored (outbox jobs and drafts above all). */
export class AppDb extends Dexie {
  domains!: EntityTable<StoredDomain, 'host'>;

  constructor(name = 'bulk-sms') {
    super(name);
    this.version(1).stores({
      domains: '&host',
    });
  }
}
