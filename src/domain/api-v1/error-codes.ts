// The error codes of the integrators' API (docs/api-v1.md#errors): the gateway answers only these,
// and the Developers page's reference explains each one at /developers/api#<code>.

export const API_ERRORS = {
  invalid_request: {
    status: 400,
    words: 'A field is missing, of the wrong type, unknown or out of range; param names it',
  },
  invalid_json: { status: 400, words: 'The body is not JSON, or is empty' },
  missing_api_key: { status: 401, words: 'No Authorization: Bearer <key> header was sent' },
  invalid_api_key: { status: 401, words: 'The key is not one this gateway made' },
  api_key_revoked: { status: 401, words: 'The key was revoked: make a new one' },
  api_key_expired: { status: 401, words: 'The key is past its expiry date: make a new one' },
  insufficient_credit: { status: 402, words: 'The balance does not cover the batch: nothing was sent' },
  spending_cap_reached: {
    status: 402,
    words:
      "The batch would pass a spending cap (the key's daily cap, or the monthly cap the provider set): nothing was sent",
  },
  missing_scope: { status: 403, words: 'The key lacks a scope the operation needs; the message names it' },
  missing_role: {
    status: 403,
    words: "A team member's session whose roles do not allow the operation; the message names the role to ask for",
  },
  ip_not_allowed: { status: 403, words: "The request came from an address outside the key's allow-list" },
  forbidden: { status: 403, words: 'The account may not do this' },
  not_found: { status: 404, words: "No such record in this account (and this key's mode)" },
  idempotency_key_reused: { status: 409, words: 'The Idempotency-Key was used with another body' },
  batch_not_cancellable: { status: 409, words: 'The batch is not scheduled any more: it ran or was cancelled' },
  endpoint_disabled: { status: 409, words: 'The endpoint answered 410 Gone and is disabled: create a new one' },
  delivery_in_progress: { status: 409, words: 'An attempt of this delivery is under way: try again shortly' },
  conflict: { status: 409, words: 'Another change got there first: read again and retry' },
  body_too_large: { status: 413, words: 'The body is over 1 MiB: send fewer recipients a request' },
  unsupported_media_type: { status: 415, words: 'Send the body as Content-Type: application/json' },
  sender_not_approved: {
    status: 422,
    words: "The sender ID is not approved for this account (TEST: for a number other than the account's own)",
  },
  invalid_number: { status: 422, words: 'None of the numbers is a valid mobile number' },
  test_mode_unsupported: { status: 422, words: 'A test key cannot do this (schedule a send)' },
  too_many_keys: { status: 422, words: 'The account has the most active keys it may: revoke one' },
  too_many_endpoints: { status: 422, words: 'The account has the most endpoints it may in this mode: delete one' },
  unsafe_url: { status: 422, words: 'The URL is not https or reaches a private, loopback or reserved address' },
  no_default_secret: { status: 422, words: "A callbackUrl needs the account's default signing secret: make it first" },
  too_many_callback_urls: {
    status: 422,
    words: 'The account has the most callback URLs in use it may in this mode: reuse one, or wait for older batches',
  },
  request_refused: {
    status: 422,
    words: 'The request is well formed but cannot be done (a text over 9 parts, a time gone)',
  },
  rate_limited: { status: 429, words: 'Too many requests: wait the seconds in Retry-After' },
  free_webhooks_limit: {
    status: 429,
    words: "This hour's free webhook deliveries (test mode, test events) are used: wait the seconds in Retry-After",
  },
  internal_error: { status: 500, words: 'Our fault: safe to retry with the same Idempotency-Key' },
  busy: { status: 503, words: 'The gateway is busy: wait the seconds in Retry-After and retry' },
} as const satisfies Record<string, { status: number; words: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;
