import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { expect } from 'vitest';
import type { TestGateway } from './test-app';
import { API_V1_PREFIX } from '../../../server/src/http/api-v1';

type Json = Record<string, any>;
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: { 'application/json': { schema: Json } } }> }>
  >;
  components: { schemas: Record<string, Json> };
};

let doc: Doc | null = null;

/** The served OpenAPI document, fetched once per gateway. */
export async function openApi(gw: TestGateway): Promise<Doc> {
  const res = await gw.app.inject({
    method: 'GET',
    url: `${API_V1_PREFIX}/openapi.json`,
    headers: { host: 'localhost' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}

/** The document's template for a concrete path: /messages/msg_1 is /messages/{messageId}. */
function templateOf(d: Doc, method: string, path: string): string | undefined {
  return Object.keys(d.paths).find((template) => {
    if (!d.paths[template]![method]) return false;
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(path);
  });
}

/** Resolves the document's local $refs in a schema, so zod can read it. */
function resolveRefs(schema: unknown, d: Doc): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolveRefs(s, d));
  if (schema && typeof schema === 'object') {
    const o = schema as Json;
    if (typeof o.$ref === 'string') return resolveRefs(d.components.schemas[o.$ref.split('/').pop()!], d);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, resolveRefs(v, d)]));
  }
  return schema;
}

/** Every answer's body against the OpenAPI document's schema for its operation and status. */
function checkAgainstDocument(d: Doc, method: string, path: string, status: number, body: unknown) {
  const template = templateOf(d, method, path);
  if (!template) return;
  const response = d.paths[template]![method]!.responses[String(status)];
  expect(response, `${method} ${template} documents status ${status}`).toBeDefined();
  const schema = response!.content?.['application/json'].schema;
  if (!schema) return;
  const parsed = z.fromJSONSchema(resolveRefs(schema, d) as Parameters<typeof z.fromJSONSchema>[0]).safeParse(body);
  expect(
    parsed.success ? [] : parsed.error.issues,
    `${method} ${template} ${status} answer matches its schema`,
  ).toEqual([]);
}

export interface V1Options {
  /** An API key or a session token. */
  auth?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** A raw payload (malformed JSON, another content type). */
  raw?: string;
}

/** One request to the API; the answer is checked against the document before it is returned. */
export async function v1(gw: TestGateway, method: 'GET' | 'POST' | 'DELETE', path: string, options: V1Options = {}) {
  doc ??= await openApi(gw);
  const request: InjectOptions = {
    method,
    url: `${API_V1_PREFIX}${path}`,
    headers: {
      host: 'localhost',
      ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}),
      ...(options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.raw !== undefined
      ? { payload: options.raw }
      : options.body !== undefined
        ? { payload: options.body as InjectOptions['payload'] }
        : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  const res = await gw.app.inject(request);
  const body = res.body ? (res.json() as Json) : {};
  checkAgainstDocument(doc, method.toLowerCase(), `${API_V1_PREFIX}${path.split('?')[0]}`, res.statusCode, body);
  return { status: res.statusCode, body, headers: res.headers };
}

/** A key made with the app's session token; its secret. */
export async function makeKey(gw: TestGateway, token: string, body: Json = {}) {
  const res = await v1(gw, 'POST', '/api-keys', {
    auth: token,
    body: { name: 'test key', scopes: ['messages:send', 'messages:read', 'balance:read'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Json & { id: string; secret: string };
}
