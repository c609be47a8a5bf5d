import type { DomainSettingsInput } from '../../api/domain-settings-api';
import type { StoredUser } from '../../db/app-db';
import { parseLocalRate, referralFractionToPercent } from '../../domain/money/pricing';
import { tierDrafts, tiersOf, type TierDraft } from './price-tier-editor';
import type { Verification } from './domain-host-field';

/** The domain settings form as typed, before it is saved. */
export interface ResellerDraft {
  domain: string;
  companyname: string;
  senderid: string;
  /** A picked image (a data URL), or null to keep the saved one. */
  logo: string | null;
  background: string | null;
  regular: TierDraft[];
  premium: TierDraft[];
  referral: boolean;
  percent: string;
  gateway: boolean;
  pubkey: string;
  /** Secrets are typed anew: the saved ones are never shown. */
  seckey: string;
  siteKey: string;
  captchaSecret: string;
  reselling: boolean;
  /** The TIN on the domain's invoices, and whether its prices exclude Ghana's taxes. */
  tin: string;
  excludesTax: boolean;
  /** The owner's own terms and privacy pages, linked from the domain's visitors' pages. */
  termsUrl: string;
  privacyUrl: string;
}

/** Changes one field of the draft. */
export type SetDraftField = <K extends keyof ResellerDraft>(key: K, value: ResellerDraft[K]) => void;

/**
 * The form as it opens. Before it owns a domain, the user's info carries its supervisor's settings:
 * only the prices are a useful start; keys, sender ID and switches start empty.
 */
export function draftOf(user: StoredUser, brand: string): ResellerDraft {
  const own = user.domain !== '';
  const rates = parseLocalRate(user.localrate);
  return {
    domain: user.domain,
    companyname: brand,
    senderid: own ? user.senderid : '',
    logo: null,
    background: null,
    regular: tierDrafts(rates.REGULAR),
    premium: tierDrafts(rates.PREMIUM),
    referral: own && user.enablereferral,
    percent: own ? String(referralFractionToPercent(user.referralpercentage)) : '',
    gateway: own && user.usepaymentgateway,
    pubkey: own ? user.paystackpubkey : '',
    seckey: '',
    siteKey: own ? user.recaptcha_site_key : '',
    captchaSecret: '',
    reselling: own && user.enablereseller,
    tin: own ? (user.tin ?? '') : '',
    excludesTax: own && (user.pricesexcludetax ?? false),
    termsUrl: own ? (user.termsurl ?? '') : '',
    privacyUrl: own ? (user.privacyurl ?? '') : '',
  };
}

/** What the gateway last said of the domain, as the user's info carries it (none before it owns one). */
export function verificationOf(user: StoredUser): Verification | null {
  if (user.domain === '') return null;
  return {
    domainverified: user.domainverified,
    domainverifyname: user.domainverifyname,
    domainverifytoken: user.domainverifytoken,
  };
}

/** What Save sends of the draft; `operator`: the main host's settings, whose domain is not edited. */
export function settingsInputOf(draft: ResellerDraft, operator: boolean): DomainSettingsInput {
  const { seckey, captchaSecret, logo, background } = draft;
  return {
    // The main host is the gateway's own (MAIN_HOST); only the operator decides whether its clients may resell.
    ...(operator ? { enablereseller: draft.reselling } : { domain: draft.domain.trim() }),
    companyname: draft.companyname.trim(),
    senderid: draft.senderid.trim(),
    localrate: JSON.stringify({ REGULAR: tiersOf(draft.regular), PREMIUM: tiersOf(draft.premium) }),
    enablereferral: draft.referral,
    referralpercentage: draft.percent,
    usepaymentgateway: draft.gateway,
    paystackpubkey: draft.pubkey.trim(),
    recaptcha_site_key: draft.siteKey.trim(),
    tin: draft.tin.trim(),
    pricesexcludetax: draft.excludesTax,
    termsurl: draft.termsUrl.trim(),
    privacyurl: draft.privacyUrl.trim(),
    // Secrets and images only when given: left out, the saved ones stay.
    ...(seckey.trim() ? { paystackseckey: seckey.trim() } : {}),
    ...(captchaSecret.trim() ? { recaptcha_secret_key: captchaSecret.trim() } : {}),
    ...(logo ? { logo } : {}),
    ...(background ? { backgroundImage: background } : {}),
  };
}
