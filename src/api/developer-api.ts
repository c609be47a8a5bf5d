import { z } from './zod';
import { callGateway, request, type AnswerSchema } from './http';
import { API_V1_PATH } from '../domain/navigation/api-paths';
import { apiKeyList, createdApiKey, revokedApiKey, type createApiKeyBody } from '../domain/api-v1/schemas';
import {
  createdWebhookEndpoint,
  deletedWebhookEndpoint,
  rotatedWebhookSecret,
  webhookDelivery,
  webhookDeliveryList,
  webhookEndpointList,
  webhookSecret,
  type WebhookEventType,
} from '../domain/api-v1/webhook-schemas';
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
export type ClientUsage = CallAnswer<typeof CLIENT_API_USAGE>['clients'][number];

const v1 = <T>(
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  schema: AnswerSchema<T>,
  body?: unknown,
) => request({ path: `${API_V1_PATH}${path}`, method, auth: token, schema, body });

const id = (value: string) => encodeURIComponent(value);

export const fetchApiKeys = async (token: string) => (await v1(token, 'GET', '/api-keys', apiKeyList)).data;

export const createKey = (token: string, body: z.input<typeof createApiKeyBody>) =>
  v1(token, 'POST', '/api-keys', createdApiKey, body);

export const revokeKey = (token: string, keyId: string) => v1(token, 'DELETE', `/api-keys/${id(keyId)}`, revokedApiKey);

export const fetchEndpoints = async (token: string, mode: ApiMode) =>
  (await v1(token, 'GET', `/webhook-endpoints?mode=${mode}`, webhookEndpointList)).data;

export const createEndpoint = (token: string, mode: ApiMode, url: string, events: WebhookEventType[]) =>
  v1(token, 'POST', '/webhook-endpoints', createdWebhookEndpoint, { url, events, mode });

export const deleteEndpoint = (token: string, endpointId: string) =>
  v1(token, 'DELETE', `/webhook-endpoints/${id(endpointId)}`, deletedWebhookEndpoint);

export const sendTestEvent = (token: string, endpointId: string) =>
  v1(token, 'POST', `/webhook-endpoints/${id(endpointId)}/test`, webhookDelivery);

export const fetchDeliveries = (token: string, endpointId: string, cursor?: string) =>
  v1(
    token,
    'GET',
    `/webhook-endpoints/${id(endpointId)}/deliveries?limit=20${cursor ? `&cursor=${id(cursor)}` : ''}`,
    webhookDeliveryList,
  );

export const redeliver = (token: string, deliveryId: string) =>
  v1(token, 'POST', `/webhook-deliveries/${id(deliveryId)}/redeliver`, webhookDelivery);

export const fetchSecret = (token: string, mode: ApiMode) =>
  v1(token, 'GET', `/webhook-secret?mode=${mode}`, webhookSecret);

export const rotateSecret = (token: string, mode: ApiMode) =>
  v1(token, 'POST', '/webhook-secret', rotatedWebhookSecret, { mode });

export const fetchClientUsage = async (token: string, profileId: number) =>
  (await callGateway(CLIENT_API_USAGE, { auth: token, body: { profile_id: profileId } })).clients;

/** The API's OpenAPI document: the samples and the reference are made from it. */
export const fetchOpenApi = () =>
  request({
    path: `${API_V1_PATH}/openapi.json`,
    method: 'GET',
    schema: z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))) }),
  });
