import { z } from './zod';
import type { AccountType, UserInfo } from '../domain/types';

const flag = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));
const num = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });
const accountType = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['REGULAR', 'PREMIUM', 'RESELLER']))
  .catch('REGULAR') as z.ZodType<AccountType>;

/** User info as answered by login, signup, fetchuser and friends. */
export const UserInfoSchema = z.object({
  profile_id: z.coerce.number(),
  username: text,
  email: text,
  telnumber: text,
  companyname: text,
  country: text,
  accountType,
  token: text,
  apikey: text,
  isAdmin: flag,
  supid: num,
  senderidapproved: text,
  pendingsenderid: text,
  referralcode: text,
  creditbalance: num,
  internationalcreditbalance: num,
  creditexpires: num,
  content: text,
  domain: text,
  logo: text,
  backgroundImage: text,
  senderid: text,
  enablereferral: flag,
  enablereseller: flag,
  referralpercentage: num,
  usepaymentgateway: flag,
  paystackseckey: text,
  paystackseckeyending: text,
  paystackpubkey: text,
  recaptcha_site_key: text,
  recaptcha_secret_key: text,
  recaptchasecretkeyending: text,
  localrate: text,
  setuptime: text,
  applicableRate: num,
  dashboardTab: flag,
  scheduledsmsTab: flag,
  recurringsmsTab: flag,
  credithistoryTab: flag,
  // Older gateways send none of these: a domain is then taken as verified.
  domainverified: z
    .union([z.boolean(), z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => v === undefined || v === null || v === true || v === 1 || v === '1' || v === 'true'),
  domainverifyname: text,
  domainverifytoken: text,
}) satisfies z.ZodType<UserInfo, unknown>;

export const UserInfoAnswerSchema = z.object({ userInfo: UserInfoSchema });
