import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { apiKeyHash, newToken, sha256, TOKEN_TTL_MS } from '../auth/tokens';
import { userInfo } from '../tenancy/user-info';

/** The user behind a live session token, or undefined. */
export async function userForToken(ctx: GatewayContext, token: string): Promise<UserRow | undefined> {
  return ctx.db
    .selectFrom('tokens')
    .innerJoin('users', 'users.profile_id', 'tokens.profile_id')
    .selectAll('users')
    .where('tokens.token_hash', '=', sha256(token))
    .where('tokens.revoked', '=', 0)
    .where('tokens.expires_at', '>', ctx.now())
    .executeTakeFirst();
}

/** The user whose API key (stored hashed) this is, or undefined. */
export async function userForApiKey(ctx: GatewayContext, key: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('apikey', '=', apiKeyHash(key)).executeTakeFirst();
}

/** A new session: the token goes to the client once, only its hash is stored. */
export async function issueToken(ctx: GatewayContext, profileId: number): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('tokens')
    .values({ token_hash: sha256(token), profile_id: profileId, created_at: now, expires_at: now + TOKEN_TTL_MS })
    .execute();
  return token;
}

/** Signs the user in: `{ userInfo }` carrying a fresh token. */
export async function signedIn(ctx: GatewayContext, user: UserRow) {
  return { userInfo: await userInfo(ctx, user, await issueToken(ctx, user.profile_id)) };
}

export async function revokeToken(ctx: GatewayContext, token: string): Promise<void> {
  await ctx.db.updateTable('tokens').set({ revoked: 1 }).where('token_hash', '=', sha256(token)).execute();
}

/** After a password change every session of the account ends, but the one that made the change when named. */
export async function revokeAllTokens(ctx: GatewayContext, profileId: number, exceptToken?: string): Promise<void> {
  let query = ctx.db
    .updateTable('tokens')
    .set({ revoked: 1 })
    .where('profile_id', '=', profileId)
    .where('revoked', '=', 0);
  if (exceptToken) query = query.where('token_hash', '<>', sha256(exceptToken));
  await query.execute();
}
