import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import type { GatewayContext } from '../core/context';
import { Refusal, type RefusalKind } from '../core/errors';
import { countHit } from '../auth/rate-limit';
import { ApiRefusal } from '../integrations/api-refusal';
import { type errorAnswer } from '../../../src/domain/api-v1/schemas';
import type { ApiErrorCode } from '../../../src/domain/api-v1/error-codes';
import { API_V1_PATH } from '../../../src/domain/navigation/api-paths';
import type { Caller } from './callers';
import { TOO_DEEP, TOO_MANY_PARTS } from './well-formed';
import { NOT_UNICODE, NUL_CHARACTER } from '../core/storable-text';
import { TOO_MANY_FIELDS } from './json-slices';

// The integrators' API's own HTTP rules (docs/api-v1.md): its rate limit and its one error envelope. Its
// operations are registered by the one registrar (register.ts) from src/domain/contract/v1.

/** Where the integrators' API lives (docs/api-v1.md). */
export const API_V1_PREFIX = API_V1_PATH;
/** Where the reference explains each error code: the app's Developers page. */
const ERROR_DOCS_PATH = '/developers/api';

/** The limit of docs/api-v1.md#limits unless the context sets another: per key, or per signed-in account. */
export const API_RATE_LIMIT = { limit: 1200, windowMs: 60_000 };

/** Counts the request against its caller's limit (its key's, or its account's for a session) and states it in the RateLimit headers; past it, a 429. */
export async function limitRate(ctx: GatewayContext, reply: FastifyReply, caller: Caller) {
  const limitKey = caller.key ? `api:key:${caller.key.id}` : `api:user:${caller.user.profile_id}`;
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

/** The API status and code of a core refusal thrown by the app's own areas (the send path, credit). */
const FROM_KIND: Record<RefusalKind, [number, ApiErrorCode]> = {
  refused: [422, 'request_refused'],
  'wrong-login': [401, 'invalid_api_key'],
  'invalid-token': [401, 'invalid_api_key'],
  'insufficient-credit': [402, 'insufficient_credit'],
  'spending-cap': [402, 'spending_cap_reached'],
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
    // With the log on, the request's own logger tells it (with its request and account ids).
    if (ctx.logging) req.log.error({ err: error, req }, 'request failed');
    else ctx.reportError?.(`${req.method} ${req.url.split('?')[0]} failed`, error);
    return send(req, reply, 500, 'internal_error', 'Something went wrong on our side; please try again');
  });
  app.setNotFoundHandler((req, reply) =>
    send(req, reply, 404, 'not_found', `No operation ${req.method} ${req.url.split('?')[0]}`),
  );
}
