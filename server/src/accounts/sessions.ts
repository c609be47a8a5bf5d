import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { newToken, sha256, TOKEN_TTL_MS } from '../auth/tokens';
import { userInfo } from '../tenancy/user-info';

/** The bearer value of the Authorization header, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
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

/** After a password change every session of the account ends. */
export async function revokeAllTokens(ctx: GatewayContext, profileId: number): Promise<void> {
  await ctx.db
    .updateTable('tokens')
    .set({ revoked: 1 })
    .where('profile_id', '=', profileId)
    .where('revoked', '=', 0)
    .execute();
}
