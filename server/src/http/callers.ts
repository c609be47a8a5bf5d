import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow } from '../db/schema-integrations';
import { forbidden } from '../core/errors';
import type { TeamMember } from '../core/scope';
import { sessionForToken } from '../accounts/sessions';
import { findAccount } from '../accounts/account-store';
import { apiRefusal } from '../integrations/api-refusal';
import { ipAllowed, keyForSecret, looksLikeApiKey, missingScopes } from '../integrations/api-keys';
import { authenticateApiKey, authenticateToken, bearerToken, clientAddress } from './authenticate';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import type { Access } from '../../../src/domain/contract/access';
import type { Operation } from '../../../src/domain/contract/v1/operation';
import { notAllowedText, rolesAllow, type Needs } from '../../../src/domain/account/team-roles';

// Who is calling, and whether their role lets them (src/domain/contract/access.ts): the first step of the
// registrar (register.ts), run before the body is read.

export interface Caller {
  user: UserRow;
  /** The API v1 key used; null for a session token (and for the app's calls). */
  key: ApiKeyRow | null;
  /** The team member signed in; null for the account's owner and for an API key, which acts for the account. */
  member: TeamMember | null;
}

/** The permission a member's roles lack for `needs` (src/domain/account/team-roles.ts), or null when they may. */
export function lackedPermission(member: TeamMember | null, needs: Needs | undefined) {
  if (!member || rolesAllow(member.roles, needs ?? 'account-owner')) return null;
  return needs === undefined || needs === 'signed-in' ? 'account-owner' : needs;
}

/** An app call's caller, checked against its role and then its member's roles; null on public calls. Refusals are the app's ('Invalid Token', 403). */
export async function appCaller(ctx: GatewayContext, req: FastifyRequest, access: Access): Promise<Caller | null> {
  if (access.who === 'public') return null;
  const { user, member } =
    access.who === 'apikey' ? await authenticateApiKey(ctx, req) : await authenticateToken(ctx, req);
  if (access.who === 'admin' && user.isAdmin !== 1) throw forbidden();
  if (access.who === 'profile6' && user.profile_id !== TOP_SUPERVISOR_ID) throw forbidden();
  const lacked = lackedPermission(member, access.needs);
  if (lacked) throw forbidden(notAllowedText(lacked));
  return { user, key: null, member };
}

/** An API v1 caller: a key with the operation's scopes, used from an allowed address, or (where allowed) a session. */
export async function keyCaller(ctx: GatewayContext, req: FastifyRequest, op: Operation): Promise<Caller> {
  const bearer = bearerToken(req);
  if (!bearer) throw apiRefusal(401, 'missing_api_key', 'Send your API key as Authorization: Bearer <key>');
  if (!looksLikeApiKey(bearer)) {
    const session = op.access.session ? await sessionForToken(ctx, bearer) : undefined;
    if (!session) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
    const lacked = lackedPermission(session.member, op.access.needs);
    if (lacked) throw apiRefusal(403, 'missing_role', notAllowedText(lacked));
    return { ...session, key: null };
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
  return { user, key, member: null };
}
