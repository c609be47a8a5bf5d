import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { DomainRow } from '../db/schema-core';
import { canonicalPhone, isGhanaNumber } from '../../../src/domain/numbers/phone-number';
import { DAY_MS } from '../../../src/domain/dates';
import { SIGNUP_COUNTRY } from '../../../src/domain/constants';
import { hashPassword } from '../auth/passwords';
import type { SignupRequest } from '../../../src/domain/contract/signup';

/** A started sign-up can be finished for a day; after that the form starts again. */
export const TEMPORAL_TTL_MS = DAY_MS;

export const SIGNUP_NOT_FOUND = 'Sign-up not found or expired, please sign up again';
export const SIGNUP_DONE = 'This sign-up is already complete, please log in';
export const INVALID_REFERRAL = 'Referral code not found, please check it or leave it empty';

/**
 * Sign-ups outside Ghana skip the code (docs/product.md#sign-up). Decided from the number itself, in canonical form
 * (0244..., 00233..., +233 ...), never from the claimed country: a Ghana phone always gets its code.
 */
export function needsCode(phone: string): boolean {
  return isGhanaNumber(phone);
}

export const newPublicId = () => randomBytes(18).toString('base64url');

export type TemporalRow = NonNullable<Awaited<ReturnType<typeof findTemporal>>>;

/** A sign-up still in progress (not expired), found by its public id. */
export async function findTemporal(ctx: GatewayContext, publicId: string) {
  if (!publicId) return undefined;
  return ctx.db
    .selectFrom('temporal_signups')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('created_at', '>', ctx.now() - TEMPORAL_TTL_MS)
    .executeTakeFirst();
}

/** The referrer of a code on this domain's platform: the domain owner or one of its clients. */
export async function findReferrer(ctx: GatewayContext, code: string, domain: DomainRow) {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return undefined;
  return ctx.db
    .selectFrom('users')
    .select(['profile_id'])
    .where(sql`upper(referralcode)`, '=', wanted)
    .where((eb) => eb.or([eb('supid', '=', domain.profile_id), eb('profile_id', '=', domain.profile_id)]))
    .executeTakeFirst();
}

/** What temporalsignup echoes as `signupdUser`: the sign-up as stored, never the password. */
export function signupdUser(row: TemporalRow) {
  return {
    id: row.public_id,
    username: row.username,
    cname: row.companyname,
    email: row.email,
    phone: row.phone,
    country: row.country,
    referralcode: row.referralcode,
    supid: row.supid,
    domain: row.domain,
    needsCode: needsCode(row.phone),
    verified: row.verified === 1,
  };
}

/** Drops sign-ups past their day, finished or not, with their codes (run as new sign-ups arrive). */
export async function purgeExpiredSignups(ctx: GatewayContext): Promise<void> {
  const cutoff = ctx.now() - TEMPORAL_TTL_MS;
  const stale = ctx.db.selectFrom('temporal_signups').select('id').where('created_at', '<=', cutoff);
  await ctx.db.deleteFrom('codes').where('purpose', '=', 'signup').where('subject_id', 'in', stale).execute();
  await ctx.db.deleteFrom('temporal_signups').where('created_at', '<=', cutoff).execute();
}

/** A sign-up waiting for its code (or complete at once where no code is needed), under the request's domain. */
/** `input` as typed, already checked by signupError. */
export async function createTemporal(ctx: GatewayContext, input: SignupRequest, domain: DomainRow) {
  return ctx.db
    .insertInto('temporal_signups')
    .values({
      public_id: newPublicId(),
      username: input.username.trim(),
      companyname: input.cname.trim(),
      email: input.email.trim(),
      phone: canonicalPhone(input.phone),
      country: input.country.trim() || SIGNUP_COUNTRY,
      password_hash: await hashPassword(input.password, ctx.scryptCost),
      referralcode: domain.enablereferral === 1 ? input.referralcode.trim().toUpperCase() : '',
      supid: domain.profile_id,
      domain: domain.host,
      verified: needsCode(input.phone) ? 0 : 1,
      created_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markVerified(ctx: GatewayContext, temporalId: number): Promise<void> {
  await ctx.db.updateTable('temporal_signups').set({ verified: 1 }).where('id', '=', temporalId).execute();
}
