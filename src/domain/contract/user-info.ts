// User info as login, signup, fetchuser and the account calls answer it (docs/api.md#calls-and-answers).
import { z } from './zod';
import type { AccountType, UserInfo } from '../types';
import { isTeamRole, PERMISSIONS, type Permission } from '../account/team-roles';
import { flag as optionalFlag, num, requiredFlag, shownText as text } from './fields';

const accountType = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['REGULAR', 'PREMIUM', 'RESELLER']))
  .catch('REGULAR') as z.ZodType<AccountType>;

const flag = requiredFlag;

/** Roles and permissions a newer gateway may name that this app does not know are left out. */
const knownRoles = (names: string[]) => names.filter(isTeamRole);
const knownPermissions = (names: string[]): Permission[] =>
  names.filter((n): n is Permission => (PERMISSIONS as readonly string[]).includes(n));

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
  twostep: optionalFlag,
  twosteprequired: optionalFlag,
  tin: text.optional(),
  termsurl: text.optional(),
  privacyurl: text.optional(),
  pricesexcludetax: optionalFlag,
  lowbalancethreshold: z.coerce.number().catch(0).optional(),
  monthlycap: z.number().nullable().catch(null).optional(),
  member: z.object({ id: z.number(), name: text, roles: z.array(z.string()).transform(knownRoles) }).optional(),
  permissions: z.array(z.string()).transform(knownPermissions).optional(),
  quietstart: text.optional(),
  quietend: text.optional(),
  quietsundays: optionalFlag,
  approvalover: z.number().nullable().catch(null).optional(),
  approvalmarketing: optionalFlag,
}) satisfies z.ZodType<UserInfo, unknown>;

/** `{ userInfo }`: what the calls that sign in or change the caller's account answer. */
export const UserInfoAnswerSchema = z.object({ userInfo: UserInfoSchema });
