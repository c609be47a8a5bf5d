// The integrators' API (docs/api-v1.md#webhooks): endpoints, their deliveries and the default signing secret.
import { op } from './operation';
import * as wh from '../../api-v1/webhook-schemas';

/** Every webhook operation: a key with webhooks:manage (or the app's session) of a member with the Developer role. */
const MANAGE_WEBHOOKS = {
  who: 'apikey',
  touches: 'self',
  scopes: ['webhooks:manage'],
  session: true,
  needs: 'developer',
} as const;

export const CREATE_WEBHOOK_ENDPOINT = op({
  operationId: 'createWebhookEndpoint',
  method: 'POST',
  path: '/webhook-endpoints',
  summary: "Receive events of this key's mode at a URL; the signing secret is in this answer only",
  description:
    'Outside dev mode the URL must be https and reach a public address. Each event is POSTed signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature).',
  access: { ...MANAGE_WEBHOOKS, mode: 'named' },
  body: wh.createWebhookEndpointBody,
  answer: wh.createdWebhookEndpoint,
  status: 201,
  errors: [422],
});

export const LIST_WEBHOOK_ENDPOINTS = op({
  operationId: 'listWebhookEndpoints',
  method: 'GET',
  path: '/webhook-endpoints',
  summary: "The account's endpoints in this key's mode (never their secrets), newest first, disabled ones with why",
  access: { ...MANAGE_WEBHOOKS, mode: 'named' },
  query: wh.listWebhookEndpointsQuery,
  answer: wh.webhookEndpointList,
  status: 200,
  errors: [],
});

export const DELETE_WEBHOOK_ENDPOINT = op({
  operationId: 'deleteWebhookEndpoint',
  method: 'DELETE',
  path: '/webhook-endpoints/:endpointId',
  summary: 'Delete an endpoint: nothing more is sent to it',
  access: { ...MANAGE_WEBHOOKS, mode: 'any' },
  params: wh.endpointParams,
  answer: wh.deletedWebhookEndpoint,
  status: 200,
  errors: [404],
});

export const LIST_WEBHOOK_DELIVERIES = op({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/webhook-endpoints/:endpointId/deliveries',
  summary: "An endpoint's deliveries, newest first, each with its attempts' times, status codes and durations",
  access: { ...MANAGE_WEBHOOKS, mode: 'any' },
  params: wh.endpointParams,
  query: wh.listWebhookDeliveriesQuery,
  answer: wh.webhookDeliveryList,
  status: 200,
  errors: [404],
});

export const REDELIVER_WEBHOOK = op({
  operationId: 'redeliverWebhook',
  method: 'POST',
  path: '/webhook-deliveries/:deliveryId/redeliver',
  summary: 'Try a delivery once more, now, with the same webhook-id',
  access: { ...MANAGE_WEBHOOKS, mode: 'any' },
  params: wh.deliveryParams,
  answer: wh.webhookDelivery,
  status: 200,
  errors: [404, 409],
});

export const SEND_TEST_WEBHOOK = op({
  operationId: 'sendTestWebhook',
  method: 'POST',
  path: '/webhook-endpoints/:endpointId/test',
  summary: 'Send the endpoint a webhook.test event, signed and retried like any other',
  access: { ...MANAGE_WEBHOOKS, mode: 'any' },
  params: wh.endpointParams,
  answer: wh.webhookDelivery,
  status: 201,
  errors: [404, 409],
});

export const GET_WEBHOOK_SECRET = op({
  operationId: 'getWebhookSecret',
  method: 'GET',
  path: '/webhook-secret',
  summary: "Whether the account's default signing secret of this mode exists (never the secret)",
  description: 'The default secret signs the events sent to the callbackUrl of a sendMessages request.',
  access: { ...MANAGE_WEBHOOKS, mode: 'named' },
  query: wh.webhookSecretQuery,
  answer: wh.webhookSecret,
  status: 200,
  errors: [],
});

export const ROTATE_WEBHOOK_SECRET = op({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: '/webhook-secret',
  summary: 'Make a new default signing secret for this mode; it is in this answer only and the old one stops at once',
  access: { ...MANAGE_WEBHOOKS, mode: 'named' },
  body: wh.rotateWebhookSecretBody,
  answer: wh.rotatedWebhookSecret,
  status: 201,
  errors: [],
});
