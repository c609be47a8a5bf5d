// The integrators' API's scopes and modes (docs/api-v1.md#keys-and-scopes), free of zod: the operations'
// access declarations (src/domain/contract/v1) read them without loading the schemas.

export const API_SCOPES = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'] as const;
export const API_MODES = ['live', 'test'] as const;
