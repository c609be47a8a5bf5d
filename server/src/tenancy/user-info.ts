import { timeOfDay } from '../../../src/domain/send/quiet-hours';
import type { AccountType, UserInfo } from '../../../src/domain/types';
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import { resellerRate } from '../../../src/domain/money/pricing';
import { DAY_MS } from '../../../src/domain/dates';
import { creditExpiryOf } from '../../../src/domain/account/permissions';
import { domainOfUser } from './domains';
import { verificationOf } from './domain-claims';
import { partsSentSince } from '../messaging/volume';

/**
 * User info. The reCAPTCHA secret goes only to the profile that owns the domain; the Paystack
 * secret key is write-only: never answered, its owner sees only its last four characters.
 */
export async function userInfo(ctx: GatewayContext, user: UserRow, token = '') {
  return userInfoFor(ctx, user, await domainOfUser(ctx, user), token);
}

/** userInfo with the user's domain already known (lists of clients load their domains at once). */
export async function userInfoFor(ctx: GatewayContext, user: UserRow, domain: DomainRow | undefined, token = '') {
  const ownsDomain = domain?.profile_id === user.profile_id;
  return {
    profile_id: user.profile_id,
    username: user.username,
    email: user.email,
    telnumber: user.telnumber,
    companyname: user.companyname,
    country: user.country,
    // Stored only through changeaccountype, which admits the three types.
    accountType: user.accountType as AccountType,
    token,
    // Stored hashed: the key itself is only in changeapikey's answer, once.
    apikey: '',
    isAdmin: user.isAdmin === 1,
    supid: user.supid,
    senderidapproved: user.senderidapproved,
    pendingsenderid: user.pendingsenderid,
    referralcode: user.referralcode,
    creditbalance: user.creditbalance,
    internationalcreditbalance: user.internationalcreditbalance,
    creditexpires: creditExpiryOf(user),
    content: user.content,
    domain: ownsDomain ? domain.host : '',
    logo: domain?.logo ?? '',
    backgroundImage: domain?.backgroundImage ?? '',
    senderid: domain?.senderid ?? '',
    enablereferral: domain?.enablereferral === 1,
    enablereseller: domain?.enablereseller === 1,
    referralpercentage: domain?.referralpercentage ?? 0,
    usepaymentgateway: domain?.usepaymentgateway === 1,
    paystackseckey: '',
    paystackseckeyending: ownsDomain ? domain.paystackseckey.slice(-4) : '',
    paystackpubkey: domain?.paystackpubkey ?? '',
    recaptcha_site_key: domain?.recaptcha_site_key ?? '',
    recaptcha_secret_key: '',
    recaptchasecretkeyending: ownsDomain ? domain.recaptcha_secret_key.slice(-4) : '',
    localrate: domain?.localrate ?? '',
    tin: ownsDomain ? domain.tin : '',
    termsurl: ownsDomain ? domain.terms_url : '',
    privacyurl: ownsDomain ? domain.privacy_url : '',
    pricesexcludetax: domain?.prices_include_tax === 0,
    setuptime: new Date(user.created_at).toISOString(),
    applicableRate: await applicableRate(ctx, user),
    dashboardTab: user.dashboardTab === 1,
    scheduledsmsTab: user.scheduledsmsTab === 1,
    recurringsmsTab: user.recurringsmsTab === 1,
    credithistoryTab: user.credithistoryTab === 1,
    twostep: user.totp_enabled === 1,
    twosteprequired: user.require_two_step === 1,
    lowbalancethreshold: Number(user.low_balance_threshold),
    monthlycap: user.monthly_cap === null ? null : Number(user.monthly_cap),
    quietstart: user.quiet_start === null ? '' : timeOfDay(Number(user.quiet_start)),
    quietend: user.quiet_end === null ? '' : timeOfDay(Number(user.quiet_end)),
    quietsundays: Number(user.quiet_sundays) === 1,
    approvalover: user.approval_over === null ? null : Number(user.approval_over),
    approvalmarketing: Number(user.approval_marketing) === 1,
    // Only the owner learns its domain's verification token.
    ...(domain
      ? verificationOf(domain, ownsDomain)
      : { domainverified: true, domainverifyname: '', domainverifytoken: '' }),
  } satisfies UserInfo;
}

export type UserInfoAnswer = Awaited<ReturnType<typeof userInfo>>;

/**
 * Reseller rate over the last 30 days (docs/product.md#price-tables): the messaging area provides the volume once it
 * exists; until a reseller has sent anything the first tier applies.
 */
async function applicableRate(ctx: GatewayContext, user: UserRow): Promise<number> {
  if (user.accountType !== 'RESELLER') return 0;
  const since = ctx.now() - 30 * DAY_MS;
  const volume = await resellerVolume(ctx, user.profile_id, since);
  return resellerRate(volume);
}

/** Parts sent by the reseller and its clients since a time (messaging/volume.ts). */
async function resellerVolume(ctx: GatewayContext, profileId: number, since: number): Promise<number> {
  return partsSentSince(ctx.db, profileId, since);
}
