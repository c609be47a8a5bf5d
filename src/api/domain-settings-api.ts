import { ApiFailure } from './api-failure';
import { callGateway } from './http';
import type { CallAnswer } from '../domain/contract/call';
import { SAVE_DOMAIN_SETTINGS, VERIFY_DOMAIN } from '../domain/contract/domain-settings';
import { RESELLER_SAVE_FAILED } from '../domain/alerts';

export type SettingsAnswer = CallAnswer<typeof VERIFY_DOMAIN>;

/** The reseller settings (update-domain-details/, docs/product.md#reseller-settings); a field left out keeps its saved value. */
export type DomainSettingsInput = Partial<{
  domain: string;
  companyname: string;
  localrate: string;
  logo: string;
  backgroundImage: string;
  senderid: string;
  enablereferral: boolean;
  referralpercentage: string;
  usepaymentgateway: boolean;
  paystackseckey: string;
  paystackpubkey: string;
  recaptcha_secret_key: string;
  recaptcha_site_key: string;
  enablereseller: boolean;
  tin: string;
  pricesexcludetax: boolean;
  termsurl: string;
  privacyurl: string;
}>;

/** 'successful' with its message, else the server's error (a refusal). */
export async function saveDomainSettings(
  token: string,
  profileId: number,
  input: DomainSettingsInput,
): Promise<SettingsAnswer> {
  const answer = await callGateway(SAVE_DOMAIN_SETTINGS, {
    auth: token,
    body: { profile_id: profileId, ...input },
    timeoutMs: 60_000,
  });
  if (answer.status !== 'successful') throw new ApiFailure('refused', answer.message || RESELLER_SAVE_FAILED, 200);
  return answer;
}

/** Asks the gateway to look for the domain's DNS TXT record now. */
export async function verifyDomain(token: string, profileId: number): Promise<SettingsAnswer> {
  return callGateway(VERIFY_DOMAIN, { auth: token, body: { profile_id: profileId } });
}
