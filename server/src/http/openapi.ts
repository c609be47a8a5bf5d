import type { z } from 'zod';
import { API_SCOPES, errorAnswer } from '../../../src/domain/api-v1/schemas';
import { API_V1_PREFIX } from './api-v1';
import { publishedJsonSchema } from '../../../src/domain/api-v1/json-schema';
import type { Operation } from '../../../src/domain/contract/v1/operation';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => publishedJsonSchema(schema, io, 'any');

/** The path and query parameters of an operation, one per field of its schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const ERROR_WORDS: Record<number, string> = {
  400: 'The request is malformed: a field is missing, of the wrong type or unknown',
  401: 'No API key, or one that is unknown, revoked or expired',
  402: 'The balance does not cover the send',
  403: 'The key lacks a scope the operation needs, or is used from an address it does not allow',
  404: 'No such resource for this account and mode',
  409: 'The Idempotency-Key was used with another body, or the resource is not in a state that allows this',
  413: 'The body is larger than the gateway accepts',
  415: 'The body is not sent as application/json',
  422: 'The request is well formed but refused (an unapproved sender ID, no valid number, a time gone)',
  429: 'Too many requests for this key: wait for Retry-After seconds',
};

const errorResponse = (status: number) => ({
  description: ERROR_WORDS[status] ?? 'An error',
  ...(status === 429
    ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } } }
    : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const RATE_HEADERS = {
  RateLimit: {
    schema: { type: 'string' },
    description: 'Requests left in this window (r) and seconds until it resets (t)',
  },
  'RateLimit-Policy': { schema: { type: 'string' }, description: 'The limit (q) per window of w seconds' },
};

/** The OpenAPI 3.1 document of the integrators' API, generated from the schemas its routes validate with. */
export function openApiDocument(operations: readonly Operation[], rate: { limit: number; windowMs: number }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = `${API_V1_PREFIX}${op.path}`.replace(/:(\w+)/g, '{$1}');
    const statuses = [...new Set([400, 401, 403, 429, ...(op.body ? [415] : []), ...op.errors])].sort();
    const { scopes: needed, session: withSession } = op.access;
    const scopes = needed.length ? `Needs the scope${needed.length > 1 ? 's' : ''} ${needed.join(', ')}.` : '';
    const session = withSession ? " Also accepts the signed-in app's session token." : '';
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      description: [op.description, `${scopes}${session}`].filter(Boolean).join('\n\n'),
      'x-scopes': needed,
      parameters: [
        ...parameters(op.params, 'path'),
        ...parameters(op.query, 'query'),
        ...(op.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description: 'Your unique key for this request: a repeat gets the first answer and sends nothing again',
                schema: { type: 'string', minLength: 1, maxLength: 255 },
              },
            ]
          : []),
      ],
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } }
        : {}),
      responses: {
        [String(op.status)]: {
          description: 'Success',
          headers: RATE_HEADERS,
          content: { 'application/json': { schema: jsonSchema(op.answer, 'output') } },
        },
        ...Object.fromEntries(statuses.map((s) => [String(s), errorResponse(s)])),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bulk SMS API',
      version: '1.0.0',
      description: [
        'Send SMS, read their status and your balance, and manage API keys.',
        `Authenticate with \`Authorization: Bearer <key>\`. Scopes: ${API_SCOPES.join(', ')}.`,
        `Each key may make ${rate.limit} requests every ${rate.windowMs / 1000} seconds (RateLimit headers).`,
        'A test key (sk_test_...) never reaches a carrier and takes no credit.',
      ].join('\n\n'),
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (sk_live_... or sk_test_...)' },
      },
      schemas: { Error: jsonSchema(errorAnswer, 'output') },
    },
  };
}
