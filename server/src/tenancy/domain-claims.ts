import { randomBytes } from 'node:crypto';
import type { GatewayContext } from '../core/context';
import type { DomainRow } from '../db/schema-core';
import { refuse } from '../core/errors';

export const INVALID_DOMAIN = 'Please enter a valid domain name, e.g. sms.example.com';
export const DOMAIN_NOT_ALLOWED = 'That domain cannot be used: please enter a domain name of your own';
/** The DNS name whose TXT record proves a reseller controls its domain. */
export const verificationName = (host: string) => `_bulksms-verification.${host}`;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host a reseller may claim (issue 11): a name of two or more labels whose last is not numeric (no
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

/** A new claim's state: live at once only for *.localhost in dev mode (browsers resolve it to this machine). */
export function newClaim(ctx: GatewayContext, host: string): { verified: number; verify_token: string } {
  const devLocal = ctx.devMode && host.endsWith('.localhost');
  return { verified: devLocal ? 1 : 0, verify_token: `bulksms-verify=${randomBytes(16).toString('hex')}` };
}

export type VerifyOutcome = { ok: true } | { ok: false; message: string };

/** Looks for the claim's token in the domain's TXT records; a match makes the domain live. */
export async function verifyClaim(ctx: GatewayContext, domain: DomainRow): Promise<VerifyOutcome> {
  if (domain.verified === 1) return { ok: true };
  const name = verificationName(domain.host);
  // No record, no such name, no DNS answer: all are "not found yet".
  const records = await (ctx.resolveTxt?.(name) ?? Promise.resolve([])).catch((): string[][] => []);
  if (!records.some((chunks) => chunks.join('') === domain.verify_token)) {
    return {
      ok: false,
      message: `No TXT record ${name} with the value ${domain.verify_token} was found yet. DNS changes can take a while; try again later`,
    };
  }
  await ctx.db
    .updateTable('domains')
    .set({ verified: 1 })
    .where('domainprofile_id', '=', domain.domainprofile_id)
    .execute();
  return { ok: true };
}

/** What the owner must publish, while its domain is unverified: the TXT record's name and value. */
export function verificationOf(domain: DomainRow, ownsDomain = true) {
  const pending = ownsDomain && domain.verified !== 1;
  return {
    domainverified: !pending,
    domainverifyname: pending ? verificationName(domain.host) : '',
    domainverifytoken: pending ? domain.verify_token : '',
  };
}
