import { z } from './zod';
import { ApiFailure } from './api-failure';
import { FRONTEND_PATH } from '../domain/api-paths';
import { request } from './http';
import { flag, shownText as text } from '../domain/contract/fields';
import { RESELLER_SAVE_FAILED } from '../domain/alerts';

/** What update-domain-details/ and verify-domain/ answer: the outcome and the domain's verification state. */
const SettingsAnswerSchema = z.looseObject({
  status: text,
  message: text,
  logo: text,
  backgroundImage: text,
  domainverified: flag,
  domainverifyname: text,
  domainverifytoken: text,
});
export type SettingsAnswer = z.infer<typeof SettingsAnswerSchema>;

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
}>;

/** 'successful' with its message, else the server's error (a refusal). */
export async function saveDomainSettings(
  token: string,
  profileId: number,
  input: DomainSettingsInput,
): Promise<SettingsAnswer> {
  const answer = await request({
    path: `${FRONTEND_PATH}update-domain-details/`,
    auth: token,
    body: { profile_id: profileId, ...input },
    schema: SettingsAnswerSchema,
    timeoutMs: 60_000,
  });
  if (answer.status !== 'successful') throw new ApiFailure('refused', answer.message || RESELLER_SAVE_FAILED, 200);
  return answer;
}

/** Asks the gateway to look for the domain's DNS TXT record now. */
export async function verifyDomain(token: string, profileId: number): Promise<SettingsAnswer> {
  return request({
    path: `${FRONTEND_PATH}verify-domain/`,
    auth: token,
    body: { profile_id: profileId },
    schema: SettingsAnswerSchema,
  });
}
