// One call of the gateway's API (docs/api.md#calls-and-answers), declared once for both sides: the gateway
// registers its path with its access (who may call, what it may touch: access.ts) and checks bodies with
// `request`; the app posts to its path and checks answers with `answer`.
// Free of zod's code (types only), so src/api/http.ts stays off the first screen's zod-free path.
import type { z } from './zod';
import type { Access } from './access';
import { FRONTEND_PATH } from '../navigation/api-paths';

export type { Access };

export interface Call<Req extends z.ZodType = z.ZodType, Ans extends z.ZodType = z.ZodType, A extends Access = Access> {
  /** The call as the wire spells it, typos included (changeaccountype, createcontactexel). */
  readonly name: string;
  /** The POST path; `:id` stands for a segment the caller fills in (pathFor). */
  readonly path: string;
  readonly access: A;
  /** The body as the gateway reads it: its coercions and refusals ("Invalid request: <field> <why>"). */
  readonly request: Req;
  /** The answer as the app reads it: tolerant of how gateways write fields, strict about shape. */
  readonly answer: Ans;
  /** Other spellings of the path the gateway answers too (the original client's trailing space). */
  readonly aliases?: readonly string[];
  /** The largest body the call takes, where it outgrows the gateway's usual bound (contact imports, images). */
  readonly bodyLimit?: number;
  /** Whether it honours an Idempotency-Key header (docs/api.md#idempotency-key-and-batches). */
  readonly idempotent?: boolean;
}

/** The body a caller may send (what the gateway reads is `CallRequest`: a value already in that form passes unchanged). */
export type CallBody<C extends Call> = z.input<C['request']>;
/** The body as the gateway reads it, after its coercions. */
export type CallRequest<C extends Call> = z.output<C['request']>;
/** The answer as the app has it once checked. */
export type CallAnswer<C extends Call> = z.output<C['answer']>;

/** A call under /smsgateway/api/frontend/. */
export function frontendCall<Req extends z.ZodType, Ans extends z.ZodType, A extends Access>(
  name: string,
  access: A,
  request: Req,
  answer: Ans,
  options: { aliases?: readonly string[]; bodyLimit?: number } = {},
): Call<Req, Ans, A> {
  const aliases = (options.aliases ?? []).map((a) => FRONTEND_PATH + a);
  return {
    name,
    path: FRONTEND_PATH + name,
    access,
    request,
    answer,
    aliases,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  };
}

/** A call with a path of its own (sendsms, temporalsignup). */
export function apiCall<Req extends z.ZodType, Ans extends z.ZodType, A extends Access>(
  path: string,
  access: A,
  request: Req,
  answer: Ans,
  options: Pick<Call, 'idempotent'> = {},
): Call<Req, Ans, A> {
  return { name: path.slice(path.lastIndexOf('/') + 1), path, access, request, answer, ...options };
}

/** A call's path with its `:name` segments filled in (encoded). */
export function pathFor(call: Pick<Call, 'path'>, params: Record<string, string | number> = {}): string {
  return call.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
