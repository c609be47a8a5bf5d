// The integrators' API (docs/api-v1.md): API keys and SMPP access, which the app's session manages too.
import { op } from './operation';
import * as s from '../../api-v1/schemas';
import { smppAccess, updatedSmppAccess, updateSmppAccessBody } from '../../smpp-access';

/** Managing keys with a key needs every scope: such a key can do all a key can, so it makes no stronger one. */
const KEY_ADMIN = s.API_SCOPES;

export const CREATE_API_KEY = op({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api-keys',
  summary: 'Create a named key with its scopes and mode; its secret is in this answer only',
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true },
  body: s.createApiKeyBody,
  answer: s.createdApiKey,
  status: 201,
  errors: [422],
});

export const LIST_API_KEYS = op({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/api-keys',
  summary: "The account's keys (never their secrets), newest first",
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true },
  answer: s.apiKeyList,
  status: 200,
  errors: [],
});

export const REVOKE_API_KEY = op({
  operationId: 'revokeApiKey',
  method: 'DELETE',
  path: '/api-keys/:keyId',
  summary: 'Revoke a key: it stops working at once',
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true },
  params: s.keyParams,
  answer: s.revokedApiKey,
  status: 200,
  errors: [404],
});

export const GET_SMPP_ACCESS = op({
  operationId: 'getSmppAccess',
  method: 'GET',
  path: '/smpp-access',
  summary: "The account's SMPP access (docs/smpp.md): system_id, limits, allow-list and open binds; never the password",
  access: { who: 'apikey', touches: 'self', scopes: ['messages:send'], session: true },
  answer: smppAccess,
  status: 200,
  errors: [],
});

export const UPDATE_SMPP_ACCESS = op({
  operationId: 'updateSmppAccess',
  method: 'POST',
  path: '/smpp-access',
  summary: 'Set up or change SMPP access; a password the gateway makes is in this answer only',
  description:
    'The first call makes the system_id (from the username) and, unless one is given, an 8-character password. A live key with every scope, or the session token.',
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true, liveOnly: 'change SMPP access' },
  body: updateSmppAccessBody,
  answer: updatedSmppAccess,
  status: 200,
  errors: [422],
});
