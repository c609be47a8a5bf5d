import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { DomainRow } from '../db/schema-core';
import type { Executor } from '../db/database';
import { refuse } from '../core/errors';
import { isUniqueViolation } from '../db/queries';
import { DAY_MS } from '../../../src/domain/dates';

export const INVALID_DOMAIN = 'Please enter a valid domain name, e.g. sms.example.com';
export const DOMAIN_IN_USE = 'That domain is already in use';
/** An unverified claim's token works this long; then the claim must be saved again for a new one. */
export const CLAIM_TTL_DAYS = 7;
const CLAIM_TTL_MS = CLAIM_TTL_DAYS * DAY_MS;
const claimTaken = (host: string) =>
  `${DOMAIN_IN_USE}: ${host} was verified by another account first. Please enter another domain`;
const claimExpired = (host: string) =>
  `Your claim on ${host} was not verified within ${CLAIM_TTL_DAYS} days and has expired: save your domain again for a new TXT record`;
export const DOMAIN_NOT_ALLOWED = 'That domain cannot be used: please enter a domain name of your own';
/** The DNS name whose TXT record proves a reseller controls its domain. */
export const verificationName = (host: string) => `_bulksms-verification.${host}`;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host a reseller may claim (docs/api.md#domains): a name of two or more labels whose last is not numeric (no
 * IP literal), and never the main host, one of its aliases (www.) or a loopback name.
 */
export function checkClaimableHost(ctx: GatewayContext, host: string): void {
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) {
    throw refuse(INVALID_DOMAIN);
  }
  const main = ctx.mainHost;
  const reserved = [main, `www.${main}`, 'localhost', 'www.localhost', 'localhost.localdomain'];
  if (reserved.includes(host)) throw refuse(DOMAIN_NOT_ALLOWED);
}

/**
 * A new claim's state: live at once only for *.localhost in dev mode (browsers resolve it to this
 * machine). Unverified claims of one host may coexist, each with its own token: only a verified one
 * holds the host, so nobody can squat a name without its DNS.
 */
export function newClaim(
  ctx: GatewayContext,
  host: string,
): { verified: number; verify_token: string; claimed_at: number } {
  const devLocal = ctx.devMode && host.endsWith('.localhost');
  return {
    verified: devLocal ? 1 : 0,
    verify_token: `bulksms-verify=${randomBytes(16).toString('hex')}`,
    claimed_at: ctx.now(),
  };
}

/** An unverified claim that can still be verified: it has its token and is younger than the claim period. */
export function claimIsOpen(ctx: GatewayContext, domain: DomainRow): boolean {
  return domain.verified !== 1 && domain.verify_token !== '' && ctx.now() - domain.claimed_at < CLAIM_TTL_MS;
}

/** The profile whose verified domain holds a host, if any. */
export async function liveHolderOf(ctx: GatewayContext, host: string): Promise<number | undefined> {
  const live = await ctx.db
    .selectFrom('domains')
    .select('profile_id')
    .where('host', '=', host)
    .where('verified', '=', 1)
    .executeTakeFirst();
  return live?.profile_id;
}

export type VerifyOutcome = { ok: true } | { ok: false; message: string };

/**
 * Looks for the claim's token in the domain's TXT records; a match makes the domain live and closes
 * every other unverified claim of its host. The first verified claim wins.
 */
export async function verifyClaim(ctx: GatewayContext, domain: DomainRow): Promise<VerifyOutcome> {
  if (domain.verified === 1) return { ok: true };
  const holder = await liveHolderOf(ctx, domain.host);
  if (holder !== undefined && holder !== domain.profile_id) return { ok: false, message: claimTaken(domain.host) };
  if (!claimIsOpen(ctx, domain)) return { ok: false, message: claimExpired(domain.host) };
  const name = verificationName(domain.host);
  // No record, no such name, no DNS answer: all are "not found yet".
  const records = await (ctx.resolveTxt?.(name) ?? Promise.resolve([])).catch((): string[][] => []);
  if (!records.some((chunks) => chunks.join('') === domain.verify_token)) {
    return {
      ok: false,
      message: `No TXT record ${name} with the value ${domain.verify_token} was found yet. DNS changes can take a while; try again later`,
    };
  }
  try {
    const won = await ctx.db.transaction().execute(async (trx) => {
      // The claim as it is now: saved again meanwhile (a new token), or closed by another's verification.
      const made = await trx
        .updateTable('domains')
        .set({ verified: 1 })
        .where('domainprofile_id', '=', domain.domainprofile_id)
        .where('verified', '=', 0)
        .where('host', '=', domain.host)
        .where('verify_token', '=', domain.verify_token)
        .executeTakeFirst();
      if (Number(made.numUpdatedRows) !== 1) return false;
      await closeRivalClaims(trx, domain.host, domain.domainprofile_id);
      return true;
    });
    // The partial unique index on verified hosts decides a race between two verifications.
    if (!won) return { ok: false, message: claimTaken(domain.host) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: claimTaken(domain.host) };
    throw error;
  }
  return { ok: true };
}

/** The other unverified claims of a host that has just gone live: their tokens no longer work. */
export async function closeRivalClaims(db: Executor, host: string, winnerId: number): Promise<void> {
  await db
    .updateTable('domains')
    .set({ verify_token: '' })
    .where('host', '=', host)
    .where('verified', '=', 0)
    .where('domainprofile_id', '!=', winnerId)
    .execute();
}

/** Closes unverified claims older than the claim period (the background sweep); the number closed. */
export async function expireClaims(ctx: GatewayContext): Promise<number> {
  const res = await ctx.db
    .updateTable('domains')
    .set({ verify_token: '' })
    .where('verified', '=', 0)
    .where('verify_token', '!=', '')
    .where('claimed_at', '<=', ctx.now() - CLAIM_TTL_MS)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** What the owner must publish, while its claim is open: the TXT record's name and value. */
export function verificationOf(domain: DomainRow, ownsDomain = true) {
  const pending = ownsDomain && domain.verified !== 1 && domain.verify_token !== '';
  return {
    domainverified: domain.verified === 1 || !ownsDomain,
    domainverifyname: pending ? verificationName(domain.host) : '',
    domainverifytoken: pending ? domain.verify_token : '',
  };
}
