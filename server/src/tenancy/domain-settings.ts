import type { Updateable } from 'kysely';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import type { GatewayContext } from '../core/context';
import { forbidden, refuse, tooManyAttempts } from '../core/errors';
import { isUniqueViolation } from '../db/queries';
import type { DomainRow, DomainsTable, UserRow } from '../db/schema-core';
import { readImage, removeImages, writeImages, type ImageChoice } from '../images/upload';
import { rateLimit } from '../auth/rate-limit';
import { checkLocalRate } from '../../../src/domain/money/local-rate';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import { acceptsReferralPercentageInput, referralPercentToFraction } from '../../../src/domain/money/pricing';
import { validateSenderIdRequest } from '../../../src/domain/messages/sender-id';
import {
  checkClaimableHost,
  claimIsOpen,
  closeRivalClaims,
  DOMAIN_IN_USE,
  INVALID_DOMAIN,
  liveHolderOf,
  newClaim,
  verificationName,
  verifyClaim,
} from './domain-claims';
import { isApprovedSender, mainDomain, normalizeHost } from './domains';
import { legalPageChanges } from './legal-pages';

export const PAYSTACK_TEST_KEY =
  'Paystack test keys (sk_test_, pk_test_) take no real money: please enter your live keys (sk_live_, pk_live_)';

/**
 * Ghana's TIN: the GRA's 11 characters (a letter, C for a company or P for a person, and 10 digits), or a
 * person's Ghana Card number, which serves as the TIN.
 */
const isGhanaTin = (tin: string) => /^[CGPQV]\d{10}$/i.test(tin) || /^GHA-\d{9}-\d$/i.test(tin);
export const TIN_FORMAT =
  'Please enter the TIN as GRA issued it (a letter and 10 digits, e.g. C0012345678) or a Ghana Card number (GHA-123456789-0)';

/** What update-domain-details may change; every field as sent, checked here. */
export type DomainSettingsInput = Partial<
  Record<
    | 'domain'
    | 'companyname'
    | 'localrate'
    | 'logo'
    | 'backgroundImage'
    | 'senderid'
    | 'enablereferral'
    | 'referralpercentage'
    | 'usepaymentgateway'
    | 'paystackseckey'
    | 'paystackpubkey'
    | 'recaptcha_secret_key'
    | 'recaptcha_site_key'
    | 'enablereseller'
    | 'tin'
    | 'pricesexcludetax'
    | 'termsurl'
    | 'privacyurl',
    unknown
  >
>;

const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : undefined);
// The PWA may send booleans, 0/1 or their text; undefined leaves the setting as it is.
function flagOf(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  return v === true || v === 1 || ['true', '1', 'yes', 'on'].includes(String(v).toLowerCase()) ? 1 : 0;
}

/** A host from what a reseller typed ('https://Sms.Example.com/' is sms.example.com), or the refusal. */
export function hostOf(value: string): string {
  let host = value.trim();
  if (/^[a-z]+:\/\//i.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      throw refuse(INVALID_DOMAIN);
    }
  }
  return normalizeHost(host.replace(/\/.*$/, ''));
}

/** The refusal of a save that names the main host (or its www. alias) by anyone but the operator: a 403. */
export const mainHostIsOperators = (mainHost: string) =>
  `${mainHost} is the main host: only the platform's operator can change its settings`;
export const MAIN_DOMAIN_FIXED = 'The main domain cannot be changed';

export const senderNotApproved = (id: string) =>
  `Sender ID ${id} is not one of your approved sender IDs: request it on your profile, and choose it here once it is approved`;

/**
 * The changes a request asks for; '' for an image or price list means "keep the current one".
 * `approved` is the owner's approved sender IDs: the domain's codes go out under one of them.
 */
async function changesOf(
  ctx: GatewayContext,
  body: DomainSettingsInput,
  approved: string,
): Promise<{ set: Updateable<DomainsTable>; images: ImageChoice[] }> {
  const set: Updateable<DomainsTable> = {};
  const companyname = textOf(body.companyname);
  if (companyname !== undefined) set.companyname = companyname.slice(0, 100);
  const localrate =
    textOf(body.localrate) ?? (typeof body.localrate === 'object' && body.localrate ? body.localrate : undefined);
  if (localrate !== undefined && localrate !== '') {
    const checked = checkLocalRate(localrate);
    if (!checked.ok) throw refuse(checked.message);
    set.localrate = checked.json;
  }
  const senderid = textOf(body.senderid);
  if (senderid) {
    const checked = validateSenderIdRequest(senderid);
    if (!checked.ok) throw refuse(checked.message);
    if (checked.ids.length > 1) throw refuse('Please enter one sender ID for the domain');
    if (!isApprovedSender(checked.ids[0]!, approved)) throw refuse(senderNotApproved(checked.ids[0]!));
    set.senderid = checked.ids[0];
  } else if (senderid === '') set.senderid = '';
  const percent = textOf(body.referralpercentage);
  if (percent !== undefined && percent !== '') {
    // The call carries the percentage as typed (digits only: docs/product.md#reseller-settings); it is stored as a fraction.
    if (!acceptsReferralPercentageInput(percent)) throw refuse('Referral percentage must be a whole number');
    if (Number(percent) > 100) throw refuse('Referral percentage must be between 0 and 100');
    set.referralpercentage = referralPercentToFraction(Number(percent));
  }
  for (const key of ['enablereferral', 'usepaymentgateway', 'enablereseller'] as const) {
    const flag = flagOf(body[key]);
    if (flag !== undefined) set[key] = flag;
  }
  const excludesTax = flagOf(body.pricesexcludetax);
  if (excludesTax !== undefined) set.prices_include_tax = excludesTax === 1 ? 0 : 1;
  const tin = textOf(body.tin);
  if (tin !== undefined) {
    if (tin !== '' && !isGhanaTin(tin)) throw refuse(TIN_FORMAT);
    set.tin = tin.toUpperCase();
  }
  Object.assign(set, legalPageChanges(body));
  for (const key of ['paystackseckey', 'paystackpubkey', 'recaptcha_secret_key', 'recaptcha_site_key'] as const) {
    const value = textOf(body[key]);
    // The secrets are write-only (answers carry '' for them): an empty one keeps the saved key.
    const secret = key === 'paystackseckey' || key === 'recaptcha_secret_key';
    if (value !== undefined && !(secret && value === '')) set[key] = value.slice(0, 500);
  }
  // A test key pays with test cards, no money: only a dev-mode gateway takes one.
  if (!ctx.devMode && [set.paystackseckey, set.paystackpubkey].some((k) => k && /^(sk|pk)_test_/i.test(k))) {
    throw refuse(PAYSTACK_TEST_KEY);
  }
  // Images are read here and written only once the whole request has been accepted.
  const images: ImageChoice[] = [];
  for (const key of ['logo', 'backgroundImage'] as const) {
    const value = body[key];
    if (value === undefined || value === null || value === '') continue;
    const image = readImage(ctx, typeof value === 'string' ? value : '');
    set[key] = image.path;
    images.push(image);
  }
  return { set, images };
}

/** Uploads of new logos and backgrounds an account may make in an hour. */
const IMAGE_UPLOADS = { limit: 20, windowMs: 60 * 60_000 } as const;

/** Counts a request that brings new image files against its account's hourly uploads. */
async function countUploads(ctx: GatewayContext, user: UserRow, images: readonly ImageChoice[]): Promise<void> {
  if (!images.some((image) => image.bytes)) return;
  const { limit, windowMs } = IMAGE_UPLOADS;
  if (await rateLimit(ctx, `imageUpload:profile:${user.profile_id}`, limit, windowMs)) return;
  throw tooManyAttempts('Too many image uploads, please wait 60 minutes and try again');
}

/** The images a saved row no longer shows and no other domain uses: their files go. */
async function removeReplacedImages(ctx: GatewayContext, before: DomainRow, after: DomainRow): Promise<void> {
  const replaced = (['logo', 'backgroundImage'] as const)
    .map((key) => before[key])
    .filter((path) => path && path !== after.logo && path !== after.backgroundImage);
  for (const path of replaced) {
    const shared = await ctx.db
      .selectFrom('domains')
      .select('domainprofile_id')
      .where((eb) => eb.or([eb('logo', '=', path), eb('backgroundImage', '=', path)]))
      .executeTakeFirst();
    if (!shared) await removeImages(ctx, [path]);
  }
}

const verificationText = (d: DomainRow) =>
  `add a DNS TXT record ${verificationName(d.host)} with the value ${d.verify_token}, then press Verify.`;

/** The admin's own domain row (its first, as the original client shows one), if any. */
function ownDomain(ctx: GatewayContext, user: UserRow) {
  return ctx.db
    .selectFrom('domains')
    .selectAll()
    .where('profile_id', '=', user.profile_id)
    .orderBy('domainprofile_id')
    .executeTakeFirst();
}

/** The row a save changes: the main host's for the operator (its host is MAIN_HOST), else the admin's own. */
const domainToEdit = (ctx: GatewayContext, user: UserRow) =>
  user.profile_id === TOP_SUPERVISOR_ID ? mainDomain(ctx) : ownDomain(ctx, user);

/**
 * The host a save is for. The operator's is the main host, verified by the start itself; nobody else
 * may name the main host or its www. alias (docs/product.md#reseller-settings).
 */
function hostToSave(ctx: GatewayContext, user: UserRow, typed: string | undefined, current: DomainRow | undefined) {
  const host = typed ? hostOf(typed) : current?.host;
  if (!host) throw refuse('Please enter your domain name');
  if (user.profile_id === TOP_SUPERVISOR_ID) {
    if (host !== current?.host) throw refuse(MAIN_DOMAIN_FIXED);
  } else if (host === ctx.mainHost || host === `www.${ctx.mainHost}`) {
    throw forbidden(mainHostIsOperators(ctx.mainHost));
  }
  return host;
}

/**
 * Saves an admin's domain settings: a reseller's own domain (a new host waits for its DNS verification
 * before it serves), or the operator's main host.
 */
export async function saveDomainSettings(
  ctx: GatewayContext,
  user: UserRow,
  body: DomainSettingsInput,
  source: AuditSource,
) {
  const current = await domainToEdit(ctx, user);
  const host = hostToSave(ctx, user, textOf(body.domain), current);
  // Only a verified domain holds a host: another's unverified claim blocks nobody.
  const holder = await liveHolderOf(ctx, host);
  if (holder !== undefined && holder !== user.profile_id) throw refuse(DOMAIN_IN_USE);
  // A new host, or the same one whose claim has closed (expired, or lost), gets a new claim and token.
  const claiming = !current || host !== current.host || (current.verified !== 1 && !claimIsOpen(ctx, current));
  if (claiming) checkClaimableHost(ctx, host);
  const { set: changes, images } = await changesOf(ctx, body, user.senderidapproved);
  await countUploads(ctx, user, images);
  // A new host must be verified before it serves this brand.
  const claim = claiming ? newClaim(ctx, host) : {};
  // Written before the row points at them; a refused save deletes them again.
  await writeImages(ctx, images);
  // The audit log names the fields that changed, never their values (secret keys among them).
  const fields = Object.entries({ ...changes, host })
    .filter(([name, value]) => !current || current[name as keyof typeof current] !== value)
    .map(([name]) => name);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (current) {
        await trx
          .updateTable('domains')
          .set({ ...changes, ...claim, host })
          .where('domainprofile_id', '=', current.domainprofile_id)
          .execute();
      } else {
        await trx
          .insertInto('domains')
          .values({ ...changes, ...claim, host, profile_id: user.profile_id, created_at: ctx.now() })
          .execute();
      }
      await recordAudit(trx, {
        at: ctx.now(),
        actor: user,
        action: 'reseller_settings',
        source,
        details: { fields, created: !current },
      });
    });
  } catch (error) {
    await removeImages(
      ctx,
      images.filter((image) => image.bytes).map((image) => image.path),
    );
    if (isUniqueViolation(error)) throw refuse(DOMAIN_IN_USE);
    throw error;
  }
  const saved = (await domainToEdit(ctx, user))!;
  if (current) await removeReplacedImages(ctx, current, saved);
  // Live at once (dev mode's *.localhost): the other claims of the host are closed, as by a verification.
  if (claiming && saved.verified === 1) await closeRivalClaims(ctx.db, host, saved.domainprofile_id);
  const pending = saved.verified !== 1 ? `. It goes live once verified: ${verificationText(saved)}` : '';
  // The stored image URLs and the verification state come back so the PWA can show them without another call.
  return {
    message: `${current ? 'Domain details updated' : `Domain ${host} created`}${pending}`,
    saved,
  };
}

/** verify-domain: looks for the reseller's DNS record now. */
export async function verifyOwnDomain(ctx: GatewayContext, user: UserRow) {
  const domain = await domainToEdit(ctx, user);
  if (!domain) throw refuse('Please save your domain name first');
  return { domain, outcome: await verifyClaim(ctx, domain) };
}
