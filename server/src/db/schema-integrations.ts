import type { ColumnType, Generated, Selectable } from 'kysely';
import type { WebhookEventType } from '../../../src/domain/api-v1/webhook-schemas';

/** A webhook event type (docs/api-v1.md#webhooks). */
export type { WebhookEventType };

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
  /** Credits the key's sends may spend an Accra day; null: no cap (docs/api-v1.md#spending-caps). */
  daily_cap: Generated<number | null>;
  /** The team member who acted (docs/product.md#who-did-what); null for the owner, an API key or SMPP. */
  member_id: Generated<number | null>;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** An account's webhook endpoint for one mode: the signing secret is kept, shown once. */
export interface WebhookEndpointsTable {
  id: string; // public id, we_<hex>
  profile_id: number;
  mode: ApiMode; // the mode of the key that made it: it gets that mode's events only
  url: string;
  events: string; // comma list of WebhookEventType
  secret: string; // whsec_<base64>: HMAC needs the secret itself
  created_at: number;
  disabled_at: number | null;
  disabled_reason: Generated<string>;
  /** 'endpoint' (made by createWebhookEndpoint) or 'callback' (a send's callbackUrl: never listed). */
  kind: Generated<WebhookEndpointKind>;
  /**
   * No delivery of it may be claimed before this (a lower bound: null when none waits). Lowered by
   * whatever makes a delivery due, set by the delivery loop (webhooks/claims.ts).
   */
  due_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Attempts failed in a row (reset by a 2xx): past a few the endpoint is paused (the breaker). */
  failures: Generated<number>;
  /** Attempts cut for want of an answer in a row: past a few, an attempt gets less time. */
  timeouts: Generated<number>;
  /** Until then none of its deliveries is claimed (the breaker); null when not paused. */
  paused_until: ColumnType<number | null, number | null | undefined, number | null>;
  /** A callback URL is kept until then: its sends' events may still come (null for an endpoint). */
  used_until: ColumnType<number | null, number | null | undefined, number | null>;
}
export type WebhookEndpointKind = 'endpoint' | 'callback';
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

/** The account's default signing secret per mode: it signs the events of sends' callback URLs. */
export interface WebhookSecretsTable {
  profile_id: number;
  mode: ApiMode;
  secret: string; // whsec_<base64>
  created_at: number;
}

/** pending: an attempt is due (next_attempt_at); succeeded; failed: the schedule ran out; dropped: its endpoint was disabled. */
export type WebhookDeliveryState = 'pending' | 'succeeded' | 'failed' | 'dropped';

/** One event for one endpoint, with its retry state and the claim of the loop sending it. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: string; // the webhook-id header, kept across retries
  endpoint_id: string;
  event_id: number; // recipient_events.id
  event_type: WebhookEventType;
  payload: string; // the JSON body, signed as is
  state: WebhookDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_attempt_at: number | null;
  claimed_by: string | null; // the loop sending it now
  claimed_until: number | null; // its claim's lease
  created_at: number;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Each attempt of a delivery: its time, HTTP status (null when none came) and duration. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  at: number;
  status_code: number | null;
  duration_ms: number;
  error: Generated<string>;
}

/** The fan-out's cursor: the last recipient event it turned into deliveries. */
export interface WebhookCursorTable {
  name: string;
  last_event_id: number;
}

/** Test mode's free webhook deliveries an account was given in the hour that starts at window_start. */
export interface WebhookQuotaTable {
  profile_id: number;
  window_start: number;
  made: Generated<number>;
}

export interface IntegrationTables {
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_cursor: WebhookCursorTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_quota: WebhookQuotaTable;
}
