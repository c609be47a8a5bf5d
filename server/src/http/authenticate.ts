import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import { invalidToken } from '../core/errors';
import type { UserRow } from '../db/schema-core';
import { userForApiKey, userForToken } from '../accounts/sessions';
import { addressKey } from '../auth/rate-limit';

/** The bearer value of the Authorization header, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The socket address (trustProxy is off, so a client cannot choose it with a header). */
export const clientAddress = (req: FastifyRequest) => req.ip || 'unknown';

/** Who a limit per address counts the request as (an IPv6 address by its /64: addressKey). */
export const clientKey = (req: FastifyRequest) => addressKey(clientAddress(req));

/** Where a request came from, as the audit log and the session list keep it. */
export const auditSource = (req: FastifyRequest) => ({
  ip: clientAddress(req),
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/** The user behind a live session token, or 401 'Invalid Token'. */
export async function authenticateToken(ctx: GatewayContext, req: FastifyRequest): Promise<UserRow> {
  const token = bearerToken(req);
  const user = token ? await userForToken(ctx, token) : undefined;
  if (!user) throw invalidToken();
  return user;
}

/**
 * The user a send is for (sendsms, docs/api.md#transport): an API key (stored hashed) from an integration, or the
 * session token of the PWA's own outbox, which never holds the key.
 */
export async function authenticateApiKey(ctx: GatewayContext, req: FastifyRequest): Promise<UserRow> {
  const key = bearerToken(req);
  if (!key) throw invalidToken();
  return (await userForApiKey(ctx, key)) ?? authenticateToken(ctx, req);
}
