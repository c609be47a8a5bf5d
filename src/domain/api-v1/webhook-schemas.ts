import { z } from '../contract/zod';

// The webhook operations of the integrators' API (docs/api-v1.md#webhooks): their bodies and answers.

export const WEBHOOK_EVENTS = [
  'message.unconfirmed',
  'message.delivered',
  'message.failed',
  'message.expired',
  'message.rejected',
  'balance.low',
  'link.clicked',
] as const;
/** The event of a person's click on a message's short link (docs/api-v1.md#webhooks). */
export const LINK_CLICKED_EVENT = 'link.clicked';
/** The event of a charge that took the live balance under the account's alert level (docs/api-v1.md#webhooks). */
export const BALANCE_LOW_EVENT = 'balance.low';
/** The type of the event sendTestWebhook posts: no endpoint subscribes to it, every endpoint can be sent one. */
export const TEST_EVENT = 'webhook.test';
/** Every type a delivery can have: the events an endpoint takes, and the test event. */
export const WEBHOOK_TYPES = [...WEBHOOK_EVENTS, TEST_EVENT] as const;
export type WebhookEventType = (typeof WEBHOOK_TYPES)[number];

/** For the app's session only: which mode's endpoints (a key always works in its own mode). */
const sessionMode = z
  .enum(['live', 'test'])
  .optional()
  .describe("Only with the app's session: which mode. A key always works in its own mode");

/** At most this many endpoints per account and mode. */
export const MAX_ENDPOINTS = 10;

const isoOut = z.string().describe('ISO 8601 date and time, UTC');

export const createWebhookEndpointBody = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(2048, 'is longer than 2048 characters')
    .describe('Where the events are POSTed: an https URL on the public internet'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'needs at least one event type')
    .max(WEBHOOK_EVENTS.length)
    .describe('The event types to receive'),
  mode: sessionMode,
});
export type CreateWebhookEndpointBody = z.output<typeof createWebhookEndpointBody>;

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  mode: z.enum(['live', 'test']).describe("The mode of the key that made it: it receives that mode's events"),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.string().nullable().describe('Why it was disabled (an answer 410 Gone)'),
  disabledAt: isoOut.nullable(),
  createdAt: isoOut,
});
export type WebhookEndpoint = z.output<typeof webhookEndpoint>;

export const createdWebhookEndpoint = webhookEndpoint.extend({
  secret: z.string().describe('The signing secret (whsec_...): shown this once'),
});
export const webhookEndpointList = z.object({ data: z.array(webhookEndpoint) });
export const listWebhookEndpointsQuery = z.strictObject({ mode: sessionMode });
export const endpointParams = z.strictObject({ endpointId: z.string().max(64) });
export const deletedWebhookEndpoint = z.object({ id: z.string(), deleted: z.literal(true) });

export const webhookAttempt = z.object({
  attempt: z.number().int().min(1),
  at: isoOut,
  statusCode: z.number().int().nullable().describe('The HTTP status answered; null when none came'),
  durationMs: z.number().int().min(0),
  error: z.string().nullable().describe('Why no answer counted (a timeout, a refused address)'),
});

export const webhookDelivery = z.object({
  id: z.string().describe('Also the webhook-id header, the same on every attempt'),
  endpointId: z.string(),
  type: z.enum(WEBHOOK_TYPES),
  messageId: z
    .string()
    .nullable()
    .describe('The message the event is about (msg_test_... for a test event); null for balance.low'),
  state: z.enum(['pending', 'succeeded', 'failed', 'dropped']),
  attemptCount: z.number().int().min(0),
  nextAttemptAt: isoOut.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  createdAt: isoOut,
  attempts: z.array(webhookAttempt).describe('Each attempt, oldest first'),
});
export type WebhookDelivery = z.output<typeof webhookDelivery>;

export const listWebhookDeliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('1 to 100, 20 by default'),
  cursor: z.string().max(100).optional().describe('nextCursor of the previous page'),
});
export type ListWebhookDeliveriesQuery = z.output<typeof listWebhookDeliveriesQuery>;

export const webhookDeliveryList = z.object({
  data: z.array(webhookDelivery).describe('Newest first'),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export const deliveryParams = z.strictObject({ deliveryId: z.string().max(64) });

/** The body of a message's webhook: the Standard Webhooks envelope around the message as it now stands. */
export const webhookEvent = z.object({
  type: z.enum(WEBHOOK_TYPES).exclude([BALANCE_LOW_EVENT, LINK_CLICKED_EVENT]),
  timestamp: isoOut.describe('When the status changed'),
  data: z.object({
    id: z.string().describe('The message id (msg_...)'),
    batchId: z.string(),
    mode: z.enum(['live', 'test']),
    to: z.string(),
    status: z.enum(['delivered', 'failed', 'expired', 'unknown']),
    error: z.object({ code: z.string(), description: z.string() }).nullable(),
    reference: z.string().nullable(),
  }),
});
export type WebhookEvent = z.output<typeof webhookEvent>;

/** The body of balance.low: the live balance a charge left under the account's alert level, once an Accra day. */
export const balanceLowEvent = z.object({
  type: z.literal(BALANCE_LOW_EVENT),
  timestamp: isoOut.describe('When the charge was made'),
  data: z.object({
    balance: z.number().describe('Credits left after the charge'),
    threshold: z.number().int().describe("The account's alert level, in credits"),
    unit: z.literal('credits'),
  }),
});
export type BalanceLowEvent = z.output<typeof balanceLowEvent>;

/** The body of link.clicked: a person opened a message's short link (previewers and HEADs are not counted). */
export const linkClickedEvent = z.object({
  type: z.literal(LINK_CLICKED_EVENT),
  timestamp: isoOut.describe('When it was clicked'),
  data: z.object({
    id: z.string().describe('The message id (msg_...)'),
    batchId: z.string(),
    mode: z.enum(['live', 'test']),
    url: z.string().describe('The long URL it led to'),
    device: z.string().describe('The device family: android, iphone, feature phone, desktop or other'),
    network: z.string().describe("The recipient's mobile network"),
  }),
});
export type LinkClickedEvent = z.output<typeof linkClickedEvent>;

/** The account's default signing secret of a mode: it signs the events sent to a send's callbackUrl. */
export const webhookSecretQuery = z.strictObject({ mode: sessionMode });
export const webhookSecret = z.object({
  mode: z.enum(['live', 'test']),
  exists: z.boolean().describe('Whether one was made; a send with a callbackUrl needs it'),
  createdAt: isoOut.nullable(),
});
export const rotateWebhookSecretBody = z.strictObject({ mode: sessionMode });
export const rotatedWebhookSecret = webhookSecret.extend({
  secret: z.string().describe('The new default signing secret (whsec_...): shown this once; the old one stops at once'),
});
