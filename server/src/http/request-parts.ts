import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { refuse } from '../core/errors';
import { apiRefusal } from '../integrations/api-refusal';
import type { Call } from '../../../src/domain/contract/call';
import type { Operation } from '../../../src/domain/contract/v1/operation';
import { parseIdempotencyKey, type IdempotencyRange } from '../../../src/domain/send/idempotency-key';

// A request's body, query, path parameters and Idempotency-Key, each checked by the schema its call declares;
// the first problem is the refusal, in the words of the API it belongs to.

export interface Parts {
  body: unknown;
  query: unknown;
  params: unknown;
}

/** An app call's body by its request schema ("Invalid request: <field> <why>"); its path parameters as sent. */
export function appParts(call: Call, req: FastifyRequest): Parts {
  const parsed = call.request.safeParse(req.body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(`Invalid request: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
  }
  return { body: parsed.data, query: undefined, params: req.params };
}

/** A schema's verdict on one part of an API v1 request; the first problem is a 400 naming its field. */
function v1Part(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
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

/** An API v1 request's path parameters, query and body (sent as JSON), in that order. */
export function v1Parts(op: Operation, req: FastifyRequest): Parts {
  if (op.body && !/^application\/(.+\+)?json\b/i.test(req.headers['content-type'] ?? ''))
    throw apiRefusal(415, 'unsupported_media_type', 'Send the body as application/json');
  const params = v1Part(op.params, req.params, 'path');
  const query = v1Part(op.query, req.query, 'query');
  const body = v1Part(op.body, req.body, 'body');
  return { body, query, params };
}

const headerOf = (req: FastifyRequest) => req.headers['idempotency-key'];

/** sendsms's Idempotency-Key: `<jobId>:<from>-<to>` (docs/api.md#idempotency-key-and-batches), or none. */
export function appIdempotencyKey(req: FastifyRequest): IdempotencyRange | null {
  const header = headerOf(req);
  const idem = parseIdempotencyKey(Array.isArray(header) ? header[0] : header);
  if (idem && 'problem' in idem) throw refuse(idem.problem);
  return idem;
}

/** The API v1's Idempotency-Key: 1 to 255 visible ASCII characters (docs/api-v1.md#idempotency), or none. */
export function v1IdempotencyKey(req: FastifyRequest): string | null {
  const value = headerOf(req);
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
