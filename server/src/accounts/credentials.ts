import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { DomainRow, UserRow } from '../db/schema-core';
import type { Executor } from '../db/database';
import type { EndedCredentials } from '../../../src/domain/account/own-account';
import { DUMMY_HASH_SEED, hashPassword, verifyPassword } from '../auth/passwords';
import { apiKeyHash, newApiKey } from '../auth/tokens';
import { checkCode, type CodeCheck } from './codes';
import { giveBackAttempt, takeAttempt } from './attempts';
import { revokeAllTokens } from './sessions';
import { recordAudit, type AuditSource } from '../audit/audit-log';

const dummyHashes = new Map<number, Promise<string>>();

/** A hash made once per cost, so an unknown account costs the same scrypt run as a known one. */
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(DUMMY_HASH_SEED, cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** The account whose username or e-mail is `login`, ignoring case; a username match wins. */
export async function findByLogin(ctx: GatewayContext, login: string): Promise<UserRow | undefined> {
  const wanted = login.trim().toLowerCase();
  if (!wanted) return undefined;
  const rows = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', wanted), eb(sql`lower(email)`, '=', wanted)]))
    .limit(2)
    .execute();
  return rows.find((u) => u.username.toLowerCase() === wanted) ?? rows[0];
}

/** Checks the password, running scrypt even when there is no account. */
export async function passwordMatches(
  ctx: GatewayContext,
  user: UserRow | undefined,
  password: string,
): Promise<boolean> {
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(ctx.scryptCost)));
  return ok && user !== undefined;
}

/**
 * The tenant rule (docs/product.md#sign-in-and-sessions): a client signs in on its supervisor's domains, a domain's owner also on its
 * own; the request host decides, never the body.
 */
export function mayUseDomain(user: Pick<UserRow, 'profile_id' | 'supid'>, domain: DomainRow): boolean {
  return user.supid === domain.profile_id || user.profile_id === domain.profile_id;
}

/**
 * A code is only ever checked against the account named in the request (its e-mail or username, as
 * login takes them): a sweep of codes finds nothing.
 */
export async function checkResetCode(ctx: GatewayContext, login: string, code: string): Promise<CodeCheck> {
  const user = await findByLogin(ctx, login);
  // Counted per account, by whichever name, and a right code given back; a name of no account is
  // counted as typed, so the limit says nothing of which names exist.
  const subject = user ? `acct:${user.profile_id}` : `name:${login.trim().toLowerCase()}`;
  await takeAttempt(ctx, 'resetCode', subject);
  if (!user) return { ok: false, reason: 'wrong' };
  const check = await checkCode(ctx, 'reset', { subjectId: user.profile_id }, code);
  if (check.ok) await giveBackAttempt(ctx, 'resetCode', subject);
  return check;
}

/** Why credentials end, as the audit log says it. */
export type EndReason = 'password reset' | 'password change';

/**
 * Ends, inside a recovery's transaction, the credentials that live beside the account's sessions and
 * belong to higher areas (API v1 keys, SMPP access): the composition (the route) hands it in, each
 * revocation audited with `reason`.
 */
export type EndCredentials = (
  trx: Executor,
  user: UserRow,
  reason: EndReason,
) => Promise<Omit<EndedCredentials, 'sessions'>>;

/**
 * A reset's new password. The account key goes too, and `endCredentials` ends every other credential
 * (whoever took the account may have made some) in the same transaction; every session ends (perhaps
 * the reason for the reset). Answers what ended.
 */
export async function setNewPassword(
  ctx: GatewayContext,
  profileId: number,
  password: string,
  source: AuditSource,
  endCredentials: EndCredentials,
): Promise<EndedCredentials> {
  const passwordHash = await hashPassword(password, ctx.scryptCost);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('profile_id', '=', profileId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, apikey: apiKeyHash(newApiKey()) })
      .where('profile_id', '=', profileId)
      .execute();
    await recordAudit(trx, { at: ctx.now(), actor: user, action: 'password_reset', source });
    // Sessions end first, in the same transaction: none can make a key once the keys are revoked.
    const sessions = await revokeAllTokens(ctx, profileId, undefined, trx);
    return { sessions, ...(await endCredentials(trx, user, 'password reset')) };
  });
  // Two-step sign-in stays on: the next sign-in still asks for its code.
  return ended;
}
