import { request, type AnswerSchema } from './http';
import { pathFor } from '../domain/contract/call';
import type { z } from '../domain/contract/zod';
import type { Operation } from '../domain/contract/v1/operation';
import { API_V1_PATH } from '../domain/navigation/api-paths';

// The app's calls of the integrators' API (docs/api-v1.md) with its session token: each through the
// operation's declaration (src/domain/contract/v1), its path, method and answer schema, never a typed path.

type Input<S> = [NonNullable<S>] extends [never] ? undefined : z.input<NonNullable<S> & z.ZodType>;

/** A part the operation takes, under `name`; nothing when it takes none. */
type PartOf<S, Name extends string, Optional extends boolean = false> = [NonNullable<S>] extends [never]
  ? unknown
  : Optional extends true
    ? { [K in Name]?: Input<S> }
    : { [K in Name]: Input<S> };

/** What an operation is called with: the session token, its path values, query and body as its schemas take them. */
export type OperationInput<O extends Operation> = { auth: string } & PartOf<O['params'], 'params'> &
  PartOf<O['query'], 'query', true> &
  PartOf<O['body'], 'body'>;

/** `?name=value&...` of the values given (none: ''). */
function queryString(query: Record<string, unknown> | undefined): string {
  const given = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return given.length ? `?${new URLSearchParams(given.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/** Calls one operation of the API v1 and checks its answer with the operation's schema. */
export function callOperation<O extends Operation>(op: O, input: OperationInput<O>): Promise<z.output<O['answer']>> {
  const { auth, params, query, body } = input as {
    auth: string;
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return request({
    path: `${API_V1_PATH}${pathFor(op, params)}${queryString(query)}`,
    method: op.method,
    auth,
    body,
    schema: op.answer as AnswerSchema<z.output<O['answer']>>,
  });
}
