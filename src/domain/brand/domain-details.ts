import type { DomainDetails } from '../types';

// Checked by hand, not with zod: this is the one answer the landing and login pages need before they
// show, and zod would be on their path only for it. The rules are the
// zod schema's that came before: tests/unit/domain/domain-details.test.ts holds it and compares.
const TEXT_FIELDS = [
  'domain',
  'companyname',
  'telnumber',
  'logo',
  'backgroundImage',
  'theme_color',
  'localrate',
  'paystackpubkey',
  'recaptcha_site_key',
  'suplocalrate',
  'suppaystackpubkey',
  'termsurl',
  'privacyurl',
] as const;
const FLAG_FIELDS = [
  'usepaymentgateway',
  'enablereferral',
  'enablereseller',
  'supusepaymentgateway',
  'supenablereferral',
  'supenablereseller',
  'pricesexcludetax',
  'suppricesexcludetax',
] as const;
const NUMBER_FIELDS = [
  'domainprofile_id',
  'referralpercentage',
  'internationalcreditbalance',
  'supInternationalBalance',
] as const;

/** A number as coerced (Number(v)); NaN and infinities are none. */
const coerced = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Domain details from an answer, or null when it is not one (no object, no profile_id, a text field of another type). */
export function parseDomainDetails(data: unknown): DomainDetails | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const raw = data as Record<string, unknown>;
  const profileId = coerced(raw.profile_id);
  if (profileId === null) return null;
  const out: Record<string, unknown> = { profile_id: profileId };
  for (const key of TEXT_FIELDS) {
    const v = raw[key];
    if (v !== null && v !== undefined && typeof v !== 'string') return null;
    out[key] = v ?? '';
  }
  for (const key of FLAG_FIELDS) {
    const v = raw[key];
    out[key] = v === true || v === 1 || v === '1' || v === 'true';
  }
  for (const key of NUMBER_FIELDS) out[key] = coerced(raw[key]) ?? 0;
  return out as unknown as DomainDetails;
}
