// A reseller's domain settings and its verification (docs/api.md#calls-and-answers,
// docs/product.md#reseller-settings).
import { z } from './zod';
import { frontendCall } from './call';
import { anyField, flag, ownBody, profileId, shownText as text } from './fields';

/** What update-domain-details/ and verify-domain/ answer: the outcome and the domain's verification state. */
const settingsAnswer = z.looseObject({
  status: text,
  message: text,
  logo: text,
  backgroundImage: text,
  domainverified: flag,
  domainverifyname: text,
  domainverifytoken: text,
});

/** Two 2 MiB images as base64 data URLs, plus the rest. */
const SETTINGS_BODY_LIMIT = 8 * 1024 * 1024;

/** The reseller settings; a field left out keeps its saved value, and each is checked by the domain's own rules. */
export const SAVE_DOMAIN_SETTINGS = frontendCall(
  'update-domain-details/',
  { who: 'admin', touches: 'self', needs: 'settings' },
  z.object({
    profile_id: profileId,
    domain: anyField,
    companyname: anyField,
    localrate: anyField,
    logo: anyField,
    backgroundImage: anyField,
    senderid: anyField,
    enablereferral: anyField,
    referralpercentage: anyField,
    usepaymentgateway: anyField,
    paystackseckey: anyField,
    paystackpubkey: anyField,
    recaptcha_secret_key: anyField,
    recaptcha_site_key: anyField,
    enablereseller: anyField,
    tin: anyField,
    pricesexcludetax: anyField,
    termsurl: anyField,
    privacyurl: anyField,
  }),
  settingsAnswer,
  { bodyLimit: SETTINGS_BODY_LIMIT },
);

/** Asks the gateway to look for the domain's DNS TXT record now. */
export const VERIFY_DOMAIN = frontendCall(
  'verify-domain/',
  { who: 'admin', touches: 'self', needs: 'settings' },
  ownBody,
  settingsAnswer,
);
