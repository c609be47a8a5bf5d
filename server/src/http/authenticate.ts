import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import { invalidToken } from '../core/errors';
import { sessionForToken, userForApiKey, type Session } from '../accounts/sessions';
import { addressKey } from '../auth/rate-limit';

/** The bearer value of the Authorization header, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The client's address: the socket's, or from a proxy TRUST_PROXY names, the one its X-Forwarded-For gives. */
export const clientAddress = (req: FastifyRequest) => req.ip || 'unknown';

/** Who a limit per address counts the request as (an IPv6 address by its /64: addressKey). */
export const clientKey = (req: FastifyRequest) => addressKey(clientAddress(req));

/** Where a request came from, as the audit log and the session list keep it. */
export const auditSource = (req: FastifyRequest) => ({
  ip: clientAddress(req),
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/** The session behind a live token (the account, and the member signed in), or 401 'Invalid Token'. */
export async function authenticateToken(ctx: GatewayContext, req: FastifyRequest): Promise<Session> {
  const token = bearerToken(req);
  const session = token ? await sessionForToken(ctx, token) : undefined;
  if (!session) throw invalidToken();
  return session;
}

/**
 * Who a send is for (sendsms, docs/api.md#transport): an API key (stored hashed) from an integration, which acts
 * for the account, or the session token of the PWA's own outbox, which never holds the key.
 */
export async function authenticateApiKey(ctx: GatewayContext, req: FastifyRequest): Promise<Session> {
  const key = bearerToken(req);
  if (!key) throw invalidToken();
  const user = await userForApiKey(ctx, key);
  return user ? { user, member: null } : authenticateToken(ctx, req);
}
