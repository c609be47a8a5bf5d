import type { Selectable } from 'kysely';

/** A scope an API key may hold (docs/api-v1.md#keys-and-scopes). */
export type ApiScope = 'messages:send' | 'messages:read' | 'balance:read' | 'webhooks:manage';
/** A live key sends for real; a test key's sends never reach a carrier and take no credit. */
export type ApiMode = 'live' | 'test';

/** A named API key of the integrators' API: only its SHA-256 is stored, the secret is shown once. */
export interface ApiKeysTable {
  id: string; // public id, key_<hex>
  profile_id: number;
  name: string;
  scopes: string; // comma list of ApiScope
  mode: ApiMode;
  allowed_ips: string; // comma list of addresses and CIDR blocks; '' allows any
  expires_at: number | null;
  secret_hash: string;
  secret_ending: string; // its last four characters, to tell keys apart
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The answer of each Idempotency-Key of the API, with the SHA-256 of the body it answered. */
export interface ApiIdempotencyTable {
  profile_id: number;
  mode: ApiMode;
  idem_key: string;
  body_hash: string;
  answer: string;
  created_at: number;
}

export interface IntegrationTables {
  api_keys: ApiKeysTable;
  api_idempotency: ApiIdempotencyTable;
}
