import type { DomainDetails } from '../../../src/domain/types';
import type { GatewayContext } from '../core/context';
import type { DomainRow } from '../db/schema-core';
import { Refusal } from '../core/errors';
import { splitSenderIds, TEST_SENDER_ID } from '../../../src/domain/messages/sender-id';

/** Lower-cased host without port; a request's Host header or the `domain` query. */
export function normalizeHost(host: string | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The domain record for a host; an unknown host gets the main product host's (docs/api.md#transport). */
export async function resolveDomain(ctx: GatewayContext, host: string | undefined): Promise<DomainRow> {
  const wanted = normalizeHost(host);
  // A claimed host is live only once verified: until then it shows the main brand, not the claimant's.
  const found = wanted
    ? await ctx.db
        .selectFrom('domains')
        .selectAll()
        .where('host', '=', wanted)
        .where('verified', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (found) return found;
  return mainDomain(ctx);
}

/** The main host's domain record (profile 6's), if the gateway has one. */
export function findMainDomain(ctx: GatewayContext): Promise<DomainRow | undefined> {
  return ctx.db
    .selectFrom('domains')
    .selectAll()
    .where('host', '=', ctx.mainHost)
    .where('verified', '=', 1)
    .executeTakeFirst();
}

/** The main host's domain record; without one the gateway is not set up, which is a 503, not a fault. */
export async function mainDomain(ctx: GatewayContext): Promise<DomainRow> {
  const main = await findMainDomain(ctx);
  if (!main) throw new Refusal('busy', `This service is not set up yet: it has no main domain for ${ctx.mainHost}`);
  return main;
}

/** Whether a sender ID is one of the owner's approved IDs (its own: the placeholder 'TEST' is not). */
export const isApprovedSender = (senderid: string, approved: string): boolean =>
  senderid !== '' && senderid !== TEST_SENDER_ID && splitSenderIds(approved).includes(senderid);

/**
 * The sender ID a domain's system texts (sign-up and reset codes) go out under: the domain's own
 * while its owner still has it approved, else the main domain's, else none ('').
 */
export async function systemSenderOf(ctx: GatewayContext, profileId: number): Promise<string> {
  const own = await ctx.db
    .selectFrom('domains')
    .innerJoin('users', 'users.profile_id', 'domains.profile_id')
    .select(['domains.senderid', 'users.senderidapproved'])
    .where('domains.profile_id', '=', profileId)
    .orderBy('domains.domainprofile_id')
    .executeTakeFirst();
  const senderid = own?.senderid.trim() ?? '';
  if (own && isApprovedSender(senderid, own.senderidapproved)) return senderid;
  return (await findMainDomain(ctx))?.senderid.trim() ?? '';
}

/** The domain a user's settings live on: its own (resellers, admins) or else its supervisor's. */
export async function domainOfUser(
  ctx: GatewayContext,
  user: { profile_id: number; supid: number },
): Promise<DomainRow | undefined> {
  const own = await ctx.db
    .selectFrom('domains')
    .selectAll()
    .where('profile_id', '=', user.profile_id)
    .orderBy('domainprofile_id')
    .executeTakeFirst();
  if (own) return own;
  return ctx.db
    .selectFrom('domains')
    .selectAll()
    .where('profile_id', '=', user.supid)
    .orderBy('domainprofile_id')
    .executeTakeFirst();
}

/** The host a user's customers see (its own or its supervisor's verified domain, else the main host): opt-out links live there. */
export async function tenantHost(ctx: GatewayContext, user: { profile_id: number; supid: number }): Promise<string> {
  const domain = await domainOfUser(ctx, user);
  return domain && domain.verified === 1 ? domain.host : ctx.mainHost;
}

/** What the public domain answer leaves out: the owners' balances are theirs, not every visitor's. */
export type PublicDomainDetails = Omit<DomainDetails, 'internationalcreditbalance' | 'supInternationalBalance'>;

/** GET /smsgateway/api/domain answer (domain details, docs/api.md#transport): public settings only, never secret keys or balances. */
export async function domainDetails(ctx: GatewayContext, domain: DomainRow) {
  const owner = await ctx.db
    .selectFrom('users')
    .select(['profile_id', 'supid'])
    .where('profile_id', '=', domain.profile_id)
    .executeTakeFirst();
  const sup =
    owner && owner.supid
      ? await ctx.db
          .selectFrom('domains')
          .selectAll()
          .where('profile_id', '=', owner.supid)
          .orderBy('domainprofile_id')
          .executeTakeFirst()
      : undefined;
  const top = sup ?? domain;
  return {
    profile_id: domain.profile_id,
    domainprofile_id: domain.domainprofile_id,
    domain: domain.host,
    companyname: domain.companyname,
    telnumber: domain.telnumber,
    logo: domain.logo,
    backgroundImage: domain.backgroundImage,
    theme_color: domain.theme_color,
    localrate: domain.localrate,
    usepaymentgateway: domain.usepaymentgateway === 1,
    paystackpubkey: domain.paystackpubkey,
    enablereferral: domain.enablereferral === 1,
    referralpercentage: domain.referralpercentage,
    enablereseller: domain.enablereseller === 1,
    recaptcha_site_key: domain.recaptcha_site_key,
    supusepaymentgateway: top.usepaymentgateway === 1,
    suplocalrate: top.localrate,
    suppaystackpubkey: top.paystackpubkey,
    supenablereferral: top.enablereferral === 1,
    supenablereseller: top.enablereseller === 1,
    pricesexcludetax: domain.prices_include_tax === 0,
    suppricesexcludetax: top.prices_include_tax === 0,
    termsurl: domain.terms_url,
    privacyurl: domain.privacy_url,
  } satisfies PublicDomainDetails;
}
