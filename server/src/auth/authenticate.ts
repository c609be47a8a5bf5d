import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { invalidToken } from '../core/errors';
import { apiKeyHash, sha256 } from './tokens';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The user behind a live session token, or 401 'Invalid Token'. */
export async function authenticateToken(ctx: GatewayContext, req: FastifyRequest): Promise<UserRow> {
  const token = bearer(req);
  if (!token) throw invalidToken();
  const user = await ctx.db
    .selectFrom('tokens')
    .innerJoin('users', 'users.profile_id', 'tokens.profile_id')
    .selectAll('users')
    .where('tokens.token_hash', '=', sha256(token))
    .where('tokens.revoked', '=', 0)
    .where('tokens.expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (!user) throw invalidToken();
  return user;
}

/**
 * The user a send is for (API.md sendsms): an API key (stored hashed) from an integration, or the
 * session token of the PWA's own outbox, which never holds the key.
 */
export async function authenticateApiKey(ctx: GatewayContext, req: FastifyRequest): Promise<UserRow> {
  const key = bearer(req);
  if (!key) throw invalidToken();
  const user = await ctx.db.selectFrom('users').selectAll().where('apikey', '=', apiKeyHash(key)).executeTakeFirst();
  return user ?? authenticateToken(ctx, req);
}
