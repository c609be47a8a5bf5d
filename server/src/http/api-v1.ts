import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { ApiKeyRow, ApiScope } from '../db/schema-integrations';
import { Refusal, type RefusalKind } from '../core/errors';
import { countHit } from '../auth/rate-limit';
import { userForToken } from '../accounts/sessions';
import { findAccount } from '../accounts/account-store';
import { ApiRefusal, apiRefusal, type ApiStatus } from '../integrations/api-refusal';
import { ipAllowed, keyForSecret, looksLikeApiKey, missingScopes } from '../integrations/api-keys';
import { type errorAnswer } from '../../../src/domain/api-v1/schemas';
import type { ApiErrorCode } from '../../../src/domain/api-v1/error-codes';
import { API_V1_PATH } from '../../../src/domain/navigation/api-paths';
import { bearerToken, clientAddress } from './authenticate';
import { TOO_DEEP, TOO_MANY_PARTS } from './well-formed';
import { NOT_UNICODE, NUL_CHARACTER } from '../core/storable-text';
import { TOO_MANY_FIELDS } from './json-slices';

/** Where the integrators' API lives (docs/api-v1.md). */
export const API_V1_PREFIX = API_V1_PATH;
/** Where the reference explains each error code: the app's Developers page. */
const ERROR_DOCS_PATH = '/developers/api';

/** The limit of docs/api-v1.md#limits unless the context sets another: per key, or per signed-in account. */
export const API_RATE_LIMIT = { limit: 1200, windowMs: 60_000 };

/** One operation of the API: its id, method, path, who may call it and the schemas of what it takes and answers. */
type Part = z.ZodType | undefined;

export interface Operation<
  B extends Part = Part,
  Q extends Part = Part,
  P extends Part = Part,
  A extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Under API_V1_PREFIX, with Fastify's `:name` parameters. */
  path: string;
  summary: string;
  description?: string;
  /** What a key needs; a session token (where `session`) needs none. */
  scopes: readonly ApiScope[];
  /** Whether the app's session token is accepted too. */
  session?: boolean;
  /** Whether it honours an Idempotency-Key header. */
  idempotent?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  answer: A;
  status: 200 | 201;
  /** The error statuses it may answer beside 400, 401, 403 and 429. */
  errors: readonly (ApiStatus | 413)[];
}

export interface OperationArgs<B, Q, P> {
  user: UserRow;
  /** The key used; null for a session token. */
  key: ApiKeyRow | null;
  body: B;
  query: Q;
  params: P;
  idempotencyKey: string | null;
  req: FastifyRequest;
}

/** What a part's schema gives, or undefined for a part the operation does not take. */
type Parsed<S> = [NonNullable<S>] extends [never] ? undefined : z.output<NonNullable<S> & z.ZodType>;

export type OperationHandler<O extends Operation> = (
  args: OperationArgs<Parsed<O['body']>, Parsed<O['query']>, Parsed<O['params']>>,
) => Promise<z.input<O['answer']>>;

/** A schema's verdict on one part of the request; the first problem is a 400 naming its field. */
function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const param = unknownKey ?? (path || undefined);
  const why = unknownKey ? `is not a field of this ${where}` : (issue?.message ?? 'is not valid');
  throw apiRefusal(400, 'invalid_request', `${param ?? where} ${why}`, param);
}

/** The Idempotency-Key header: 1 to 255 visible ASCII characters. */
function idempotencyKeyOf(req: FastifyRequest): string | null {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return null;
  if (Array.isArray(value) || !/^[\x21-\x7e]{1,255}$/.test(value))
    throw apiRefusal(
      400,
      'invalid_request',
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
      'Idempotency-Key',
    );
  return value;
}

/** The caller: a key with the operation's scopes, used from an allowed address, or (where allowed) a session. */
async function callerOf(ctx: GatewayContext, req: FastifyRequest, op: Operation) {
  const bearer = bearerToken(req);
  if (!bearer) throw apiRefusal(401, 'missing_api_key', 'Send your API key as Authorization: Bearer <key>');
  if (!looksLikeApiKey(bearer)) {
    const user = op.session ? await userForToken(ctx, bearer) : undefined;
    if (!user) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
    return { user, key: null, limitKey: `api:user:${user.profile_id}` };
  }
  const key = await keyForSecret(ctx, bearer);
  if (!ipAllowed(key, clientAddress(req)))
    throw apiRefusal(403, 'ip_not_allowed', `This key may not be used from ${clientAddress(req)}`);
  const missing = missingScopes(key, op.scopes);
  if (missing.length > 0)
    throw apiRefusal(
      403,
      'missing_scope',
      `This key lacks the scope ${missing.join(', ')} that ${op.operationId} needs`,
    );
  const user = await findAccount(ctx, key.profile_id);
  if (!user) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
  return { user, key, limitKey: `api:key:${key.id}` };
}

/** Counts the request against its caller's limit and states it in the RateLimit headers; past it, a 429. */
async function limitRate(ctx: GatewayContext, reply: FastifyReply, limitKey: string) {
  const { limit, windowMs } = ctx.apiRateLimit ?? API_RATE_LIMIT;
  const { count, resetAt } = await countHit(ctx, limitKey, windowMs);
  const reset = Math.max(1, Math.ceil((resetAt - ctx.now()) / 1000));
  reply.header('RateLimit-Policy', `"per-key";q=${limit};w=${Math.round(windowMs / 1000)}`);
  reply.header('RateLimit', `"per-key";r=${Math.max(0, limit - count)};t=${reset}`);
  if (count > limit) {
    throw new ApiRefusal(
      429,
      'rate_limited',
      `Too many requests: at most ${limit} every ${Math.round(windowMs / 1000)} seconds; try again in ${reset} s`,
      undefined,
      reset,
    );
  }
}

const apiCallers = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof callerOf>>>();

/** Registers one operation; its handler gets the caller and the parsed body, query and path parameters. */
export function operation<O extends Operation>(
  app: FastifyInstance,
  ctx: GatewayContext,
  op: O,
  handler: OperationHandler<O>,
): void {
  app.route({
    method: op.method,
    url: op.path,
    // The key, its scopes and the rate are checked before the body is read: a refused request's body
    // is never parsed, so only a caller with a valid key can make the gateway parse a large one.
    onRequest: async (req, reply) => {
      const found = await callerOf(ctx, req, op);
      await limitRate(ctx, reply, found.limitKey);
      apiCallers.set(req, found);
    },
    handler: async (req, reply) => {
      const found = apiCallers.get(req);
      if (!found) throw apiRefusal(401, 'invalid_api_key', 'This API key is not valid');
      const { user, key } = found;
      if (op.body && !/^application\/(.+\+)?json\b/i.test(req.headers['content-type'] ?? ''))
        throw apiRefusal(415, 'unsupported_media_type', 'Send the body as application/json');
      const params = parsePart(op.params, req.params, 'path');
      const query = parsePart(op.query, req.query, 'query');
      const body = parsePart(op.body, req.body, 'body');
      const idempotencyKey = op.idempotent ? idempotencyKeyOf(req) : null;
      const answer = await (handler as OperationHandler<Operation>)({
        user,
        key,
        body: body as undefined,
        query: query as undefined,
        params: params as undefined,
        idempotencyKey,
        req,
      });
      return reply.status(op.status).send(answer);
    },
  });
}

/** The API status and code of a core refusal thrown by the app's own areas (the send path, credit). */
const FROM_KIND: Record<RefusalKind, [number, ApiErrorCode]> = {
  refused: [422, 'request_refused'],
  'wrong-login': [401, 'invalid_api_key'],
  'invalid-token': [401, 'invalid_api_key'],
  'insufficient-credit': [402, 'insufficient_credit'],
  forbidden: [403, 'forbidden'],
  'not-found': [404, 'not_found'],
  conflict: [409, 'conflict'],
  'too-many-attempts': [429, 'rate_limited'],
  busy: [503, 'busy'],
};

/** The gateway's refusals of text it cannot store, of nesting too deep and of bodies too costly to parse (http/well-formed.ts, http/json-slices.ts): malformed input. */
const MALFORMED = new Set([NOT_UNICODE, NUL_CHARACTER, TOO_DEEP, TOO_MANY_PARTS, TOO_MANY_FIELDS]);

/** PostgreSQL's refusals of a value that passed the schemas: still the caller's input. */
const DATABASE_INPUT = new Set(['22003', '22P05', '22021']);

/** Fastify's own refusals of a request, by their codes. */
function fastifyRefusal(error: {
  code?: string;
  statusCode?: number;
  message?: string;
}): [number, ApiErrorCode, string] {
  if (error.statusCode === 413) return [413, 'body_too_large', 'The request body is too large'];
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415)
    return [415, 'unsupported_media_type', 'Send the body as application/json'];
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return [400, 'invalid_json', 'The body is empty: send a JSON object'];
  if (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError)
    return [400, 'invalid_json', 'The body is not valid JSON'];
  return [error.statusCode ?? 400, 'invalid_request', error.message ?? 'The request is not valid'];
}

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  param?: string,
) {
  const doc_url = `${req.protocol}://${req.host}${ERROR_DOCS_PATH}#${code}`;
  const error: z.input<typeof errorAnswer>['error'] = { code, message, doc_url };
  if (param !== undefined) error.param = param;
  return reply.status(status).send({ error });
}

/** The one error envelope of the API (docs/api-v1.md#errors), for refusals, Fastify's 4xx and faults. */
export function registerApiErrors(app: FastifyInstance, ctx: GatewayContext): void {
  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof ApiRefusal) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return send(req, reply, error.status, error.code, error.message, error.param);
    }
    if (error instanceof Refusal && MALFORMED.has(error.message))
      return send(req, reply, 400, 'invalid_request', error.message);
    if (error instanceof Refusal) {
      const [status, code] = FROM_KIND[error.kind];
      return send(req, reply, status, code, error.message);
    }
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (DATABASE_INPUT.has(e.code ?? ''))
      return send(req, reply, 400, 'invalid_request', 'A value in the request cannot be stored');
    if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
      const [status, code, message] = fastifyRefusal(e);
      return send(req, reply, status, code, message);
    }
    req.log.error({ err: error }, 'request failed');
    if (!ctx.logRequests) ctx.reportError?.(`${req.method} ${req.url.split('?')[0]} failed`, error);
    return send(req, reply, 500, 'internal_error', 'Something went wrong on our side; please try again');
  });
  app.setNotFoundHandler((req, reply) =>
    send(req, reply, 404, 'not_found', `No operation ${req.method} ${req.url.split('?')[0]}`),
  );
}
