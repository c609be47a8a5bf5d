import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow } from '../db/schema-integrations';
import { forbidden } from '../core/errors';
import { userForToken } from '../accounts/sessions';
import { findAccount } from '../accounts/account-store';
import { apiRefusal } from '../integrations/api-refusal';
import { ipAllowed, keyForSecret, looksLikeApiKey, missingScopes } from '../integrations/api-keys';
import { authenticateApiKey, authenticateToken, bearerToken, clientAddress } from './authenticate';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import type { Access } from '../../../src/domain/contract/access';
import type { Operation } from '../../../src/domain/contract/v1/operation';

// Who is calling, and whether their role lets them (src/domain/contract/access.ts): the first step of the
// registrar (register.ts), run before the body is read.

export interface Caller {
  user: UserRow;
  /** The API v1 key used; null for a session token (and for the app's calls). */
  key: ApiKeyRow | null;
}

/** An app call's caller, checked against its role; null on public calls. Refusals are the app's ('Invalid Token', 403). */
export async function appCaller(ctx: GatewayContext, req: FastifyRequest, access: Access): Promise<Caller | null> {
  if (access.who === 'public') return null;
  const user = access.who === 'apikey' ? await authenticateApiKey(ctx, req) : await authenticateToken(ctx, req);
  if (access.who === 'admin' && user.isAdmin !== 1) throw forbidden();
  if (access.who === 'profile6' && user.profile_id !== TOP_SUPERVISOR_ID) throw forbidden();
  return { user, key: null };
}

/** An API v1 caller: a key with the operation's scopes, used from an allowed address, or (where allowed) a session. */
export async function keyCaller(ctx: GatewayContext, req: FastifyRequest, op: Operation): Promise<Caller> {
  const bearer = bearerToken(req);
  if (!bearer) throw apiRefusal(401, 'missing_api_key', 'Send your API key as Authorization: Bearer <key>');
  if (!looksLikeApiKey(bearer)) {
    const user = op.access.session ? await userForToken(ctx, bearer) : undefined;
    if (!user) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
    return { user, key: null };
  }
  const key = await keyForSecret(ctx, bearer);
  if (!ipAllowed(key, clientAddress(req)))
    throw apiRefusal(403, 'ip_not_allowed', `This key may not be used from ${clientAddress(req)}`);
  const missing = missingScopes(key, op.access.scopes);
  if (missing.length > 0)
    throw apiRefusal(
      403,
      'missing_scope',
      `This key lacks the scope ${missing.join(', ')} that ${op.operationId} needs`,
    );
  const user = await findAccount(ctx, key.profile_id);
  if (!user) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
  return { user, key };
}
