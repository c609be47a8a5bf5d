import type { Updateable } from 'kysely';
import { refuse } from '../core/errors';
import type { DomainsTable } from '../db/schema-core';
import { LEGAL_PAGE_FORMAT, legalPageUrl } from '../../../src/domain/brand/legal-pages';

/** The terms and privacy pages' addresses as given: https pages, or '' to remove the link. */
export function legalPageChanges(body: { termsurl?: unknown; privacyurl?: unknown }): Updateable<DomainsTable> {
  const set: Updateable<DomainsTable> = {};
  for (const [key, column] of [
    ['termsurl', 'terms_url'],
    ['privacyurl', 'privacy_url'],
  ] as const) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    const url = typeof value === 'string' ? legalPageUrl(value) : null;
    if (url === null) throw refuse(LEGAL_PAGE_FORMAT);
    set[column] = url;
  }
  return set;
}
