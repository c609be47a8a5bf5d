// The integrators' API (docs/api-v1.md#keys-and-scopes): API keys, which the app's session manages too.
import { KEY_ADMIN, op } from './operation';
import * as s from '../../api-v1/schemas';

export const CREATE_API_KEY = op({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api-keys',
  summary: 'Create a named key with its scopes and mode; its secret is in this answer only',
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true, needs: 'developer' },
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
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true, needs: 'developer' },
  answer: s.apiKeyList,
  status: 200,
  errors: [],
});

export const REVOKE_API_KEY = op({
  operationId: 'revokeApiKey',
  method: 'DELETE',
  path: '/api-keys/:keyId',
  summary: 'Revoke a key: it stops working at once',
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true, needs: 'developer' },
  params: s.keyParams,
  answer: s.revokedApiKey,
  status: 200,
  errors: [404],
});

export const SET_API_KEY_CAP = op({
  operationId: 'setApiKeyCap',
  method: 'POST',
  path: '/api-keys/:keyId/daily-cap',
  summary: "Set or clear a key's daily spending cap: a send past it is refused, nothing charged",
  access: { who: 'apikey', touches: 'self', scopes: KEY_ADMIN, session: true, needs: 'developer' },
  params: s.keyParams,
  body: s.setApiKeyCapBody,
  answer: s.apiKey,
  status: 200,
  errors: [404],
});
