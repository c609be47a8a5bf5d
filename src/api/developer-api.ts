import { z } from './zod';
import { callGateway, request } from './http';
import { callOperation } from './v1';
import type { apiKeyList, createdApiKey, createApiKeyBody } from '../domain/api-v1/schemas';
import type {
  createdWebhookEndpoint,
  rotatedWebhookSecret,
  webhookDelivery,
  webhookDeliveryList,
  webhookEndpointList,
  webhookSecret,
  createWebhookEndpointBody,
} from '../domain/api-v1/webhook-schemas';
import { OPENAPI_PATH } from '../domain/contract/v1/operation';
import { CREATE_API_KEY, LIST_API_KEYS, REVOKE_API_KEY, SET_API_KEY_CAP } from '../domain/contract/v1/keys';
import {
  CREATE_WEBHOOK_ENDPOINT,
  DELETE_WEBHOOK_ENDPOINT,
  GET_WEBHOOK_SECRET,
  LIST_WEBHOOK_DELIVERIES,
  LIST_WEBHOOK_ENDPOINTS,
  REDELIVER_WEBHOOK,
  ROTATE_WEBHOOK_SECRET,
  SEND_TEST_WEBHOOK,
} from '../domain/contract/v1/webhooks';
import { CLIENT_API_USAGE } from '../domain/contract/developers';
import type { CallAnswer } from '../domain/contract/call';

// The Developers page's calls: the integrators' API itself (docs/api-v1.md), with the session token.

export type ApiMode = 'live' | 'test';
export type ApiKeyView = z.output<typeof apiKeyList>['data'][number];
export type CreatedKey = z.output<typeof createdApiKey>;
export type EndpointView = z.output<typeof webhookEndpointList>['data'][number];
export type CreatedEndpoint = z.output<typeof createdWebhookEndpoint>;
export type DeliveryView = z.output<typeof webhookDelivery>;
export type DeliveryPage = z.output<typeof webhookDeliveryList>;
export type SecretView = z.output<typeof webhookSecret>;
export type RotatedSecret = z.output<typeof rotatedWebhookSecret>;
/** An event an endpoint may subscribe to (webhook.test goes to every endpoint unasked). */
export type EndpointEvent = z.input<typeof createWebhookEndpointBody>['events'][number];
export type ClientUsage = CallAnswer<typeof CLIENT_API_USAGE>['clients'][number];

export const fetchApiKeys = async (token: string) => (await callOperation(LIST_API_KEYS, { auth: token })).data;

export const createKey = (token: string, body: z.input<typeof createApiKeyBody>) =>
  callOperation(CREATE_API_KEY, { auth: token, body });

export const revokeKey = (token: string, keyId: string) =>
  callOperation(REVOKE_API_KEY, { auth: token, params: { keyId } });

export const setKeyCap = (token: string, keyId: string, dailyCap: number | null) =>
  callOperation(SET_API_KEY_CAP, { auth: token, params: { keyId }, body: { dailyCap } });

export const fetchEndpoints = async (token: string, mode: ApiMode) =>
  (await callOperation(LIST_WEBHOOK_ENDPOINTS, { auth: token, query: { mode } })).data;

export const createEndpoint = (token: string, mode: ApiMode, url: string, events: EndpointEvent[]) =>
  callOperation(CREATE_WEBHOOK_ENDPOINT, { auth: token, body: { url, events, mode } });

export const deleteEndpoint = (token: string, endpointId: string) =>
  callOperation(DELETE_WEBHOOK_ENDPOINT, { auth: token, params: { endpointId } });

export const sendTestEvent = (token: string, endpointId: string) =>
  callOperation(SEND_TEST_WEBHOOK, { auth: token, params: { endpointId } });

export const fetchDeliveries = (token: string, endpointId: string, cursor?: string) =>
  callOperation(LIST_WEBHOOK_DELIVERIES, { auth: token, params: { endpointId }, query: { limit: 20, cursor } });

export const redeliver = (token: string, deliveryId: string) =>
  callOperation(REDELIVER_WEBHOOK, { auth: token, params: { deliveryId } });

export const fetchSecret = (token: string, mode: ApiMode) =>
  callOperation(GET_WEBHOOK_SECRET, { auth: token, query: { mode } });

export const rotateSecret = (token: string, mode: ApiMode) =>
  callOperation(ROTATE_WEBHOOK_SECRET, { auth: token, body: { mode } });

export const fetchClientUsage = async (token: string, profileId: number) =>
  (await callGateway(CLIENT_API_USAGE, { auth: token, body: { profile_id: profileId } })).clients;

/** The API's OpenAPI document: the samples and the reference are made from it. */
export const fetchOpenApi = () =>
  request({
    path: OPENAPI_PATH,
    method: 'GET',
    schema: z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))) }),
  });
