import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { notFound } from '../core/errors';
import { apiKeyHash, newToken, sha256, TOKEN_TTL_MS } from '../auth/tokens';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import type { TeamMember } from '../core/scope';
import { sessionUserInfo } from './member-info';
import { rolesFromText } from '../../../src/domain/account/team-roles';
import { describeUserAgent } from '../../../src/domain/account/user-agent';
import { sendNotice, newDeviceText } from './notices';

/** A session's last use is written at most this often: a busy app costs no write per call. */
const LAST_SEEN_STEP_MS = 60_000;
export const SESSION_NOT_FOUND = 'This session is not one of your signed-in devices, or it has already ended';

/** A live session: the account, and the team member signed in (null for the account's owner). */
export interface Session {
  user: UserRow;
  member: TeamMember | null;
}

/** The session behind a live token, or undefined (a removed member's too); marks the session as seen. */
export async function sessionForToken(ctx: GatewayContext, token: string): Promise<Session | undefined> {
  const hash = sha256(token);
  const now = ctx.now();
  const found = await ctx.db
    .selectFrom('tokens')
    .innerJoin('users', 'users.profile_id', 'tokens.profile_id')
    .leftJoin('members', 'members.id', 'tokens.member_id')
    .selectAll('users')
    .select(['tokens.last_seen_at as session_seen_at', 'tokens.member_id as session_member_id'])
    .select(['members.name as member_name', 'members.roles as member_roles'])
    .where('tokens.token_hash', '=', hash)
    .where('tokens.revoked', '=', 0)
    .where('tokens.expires_at', '>', now)
    .where((eb) => eb.or([eb('tokens.member_id', 'is', null), eb('members.status', '=', 'active')]))
    .executeTakeFirst();
  if (!found) return undefined;
  const { session_seen_at: seenAt, session_member_id: memberId, member_name, member_roles, ...user } = found;
  if (seenAt <= now - LAST_SEEN_STEP_MS)
    await ctx.db
      .updateTable('tokens')
      .set({ last_seen_at: now })
      .where('token_hash', '=', hash)
      .where('last_seen_at', '<=', now - LAST_SEEN_STEP_MS)
      .execute();
  const member =
    memberId === null ? null : { id: memberId, name: member_name ?? '', roles: rolesFromText(member_roles ?? '') };
  return { user, member };
}

/** The user whose API key (stored hashed) this is, or undefined. */
export async function userForApiKey(ctx: GatewayContext, key: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('apikey', '=', apiKeyHash(key)).executeTakeFirst();
}

const NO_SOURCE: AuditSource = { ip: '', userAgent: '' };

/** A new session: the token goes to the client once, only its hash is stored, with the device it came from. */
export async function issueToken(
  ctx: GatewayContext,
  profileId: number,
  source = NO_SOURCE,
  db: Executor = ctx.db,
  memberId: number | null = null,
): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await db
    .insertInto('tokens')
    .values({
      token_hash: sha256(token),
      profile_id: profileId,
      created_at: now,
      expires_at: now + TOKEN_TTL_MS,
      public_id: `ses_${randomBytes(9).toString('base64url')}`,
      user_agent: source.userAgent.slice(0, 300),
      ip: source.ip.slice(0, 64),
      last_seen_at: now,
      member_id: memberId,
    })
    .execute();
  return token;
}

/** Whether the account has signed in before, but never from a browser like this one. */
async function isNewDevice(ctx: GatewayContext, profileId: number, userAgent: string): Promise<boolean> {
  const earlier = await ctx.db
    .selectFrom('tokens')
    .select(['user_agent'])
    .where('profile_id', '=', profileId)
    .where('member_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return earlier.length > 0 && !earlier.some((row) => row.user_agent === userAgent);
}

/**
 * Signs the user in (a sign-in or a sign-up): `{ userInfo }` carrying a fresh token. The sign-in is
 * recorded, and a browser the account never used before is texted about, under `supervisorId`'s sender.
 */
export async function signedIn(
  ctx: GatewayContext,
  user: UserRow,
  source: AuditSource,
  supervisorId: number,
  member: TeamMember | null = null,
) {
  // The account's phone hears of its owner's new devices; a member's sign-ins are in the audit log.
  const fresh = !member && (await isNewDevice(ctx, user.profile_id, source.userAgent));
  const token = await ctx.db.transaction().execute(async (trx) => {
    const issued = await issueToken(ctx, user.profile_id, source, trx, member?.id ?? null);
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'signin',
      source,
      // A member's sign-in names them in the log (docs/product.md#who-did-what): the call itself is public.
      member: member?.id ?? null,
      details: { device: describeUserAgent(source.userAgent), ...(member ? { member: member.id } : {}) },
    });
    return issued;
  });
  if (fresh)
    await sendNotice(ctx, user, supervisorId ?? user.supid, newDeviceText(describeUserAgent(source.userAgent)));
  return { userInfo: await sessionUserInfo(ctx, { user, member }, token) };
}

/** A wrong password (or a domain the account may not use) for an existing account is recorded. */
export async function recordFailedSignIn(ctx: GatewayContext, user: UserRow, source: AuditSource): Promise<void> {
  await recordAudit(ctx.db, {
    at: ctx.now(),
    actor: user,
    action: 'signin_failed',
    source,
    details: { step: 'password' },
  });
}

export async function revokeToken(ctx: GatewayContext, token: string): Promise<void> {
  await ctx.db.updateTable('tokens').set({ revoked: 1 }).where('token_hash', '=', sha256(token)).execute();
}

/**
 * After a password change every session of the account ends, but the one that made the change when named;
 * in the change's own transaction when `db` is given. Answers how many ended.
 */
export async function revokeAllTokens(
  ctx: GatewayContext,
  profileId: number,
  exceptToken?: string,
  db: Executor = ctx.db,
): Promise<number> {
  let query = db.updateTable('tokens').set({ revoked: 1 }).where('profile_id', '=', profileId).where('revoked', '=', 0);
  if (exceptToken) query = query.where('token_hash', '<>', sha256(exceptToken));
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** The sessions of one sign-in: the owner's (no member) or one member's. */
const sameSignIn = (member: TeamMember | null) => (eb: ExpressionBuilder<Database, 'tokens'>) =>
  member ? eb('tokens.member_id', '=', member.id) : eb('tokens.member_id', 'is', null);

export interface SessionView {
  id: string;
  device: string;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The account's live sessions, the most recently used first; `currentToken` marks the caller's. */
export async function listSessions(
  ctx: GatewayContext,
  session: Session,
  currentToken: string,
): Promise<SessionView[]> {
  const currentHash = sha256(currentToken);
  const rows = await ctx.db
    .selectFrom('tokens')
    .select(['public_id', 'token_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('profile_id', '=', session.user.profile_id)
    .where(sameSignIn(session.member))
    .where('revoked', '=', 0)
    .where('expires_at', '>', ctx.now())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.public_id,
    device: describeUserAgent(row.user_agent),
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(Math.max(row.last_seen_at, row.created_at)).toISOString(),
    current: row.token_hash === currentHash,
  }));
}

/** Ends one of the caller's own sessions by its shown id: another account's (or member's) id is not found. */
export async function endSession(
  ctx: GatewayContext,
  { user, member }: Session,
  sessionId: string,
  source: AuditSource,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('tokens')
      .select(['id', 'user_agent', 'ip'])
      .where('public_id', '=', sessionId)
      .where('public_id', '<>', '')
      .where('profile_id', '=', user.profile_id)
      .where(sameSignIn(member))
      .where('revoked', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound(SESSION_NOT_FOUND);
    await trx.updateTable('tokens').set({ revoked: 1 }).where('id', '=', row.id).execute();
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'session_ended',
      source,
      details: { device: describeUserAgent(row.user_agent), ip: row.ip },
    });
  });
}

/** Ends every session of the caller (the owner's, or the member's) but this one; answers how many ended. */
export async function endOtherSessions(
  ctx: GatewayContext,
  { user, member }: Session,
  keepToken: string,
  source: AuditSource,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('tokens')
      .set({ revoked: 1 })
      .where('profile_id', '=', user.profile_id)
      .where(sameSignIn(member))
      .where('revoked', '=', 0)
      .where('token_hash', '<>', sha256(keepToken))
      .executeTakeFirst();
    const ended = Number(result.numUpdatedRows);
    if (ended > 0)
      await recordAudit(trx, {
        at: ctx.now(),
        actor: user,
        action: 'session_ended',
        source,
        details: { others: ended },
      });
    return ended;
  });
}
