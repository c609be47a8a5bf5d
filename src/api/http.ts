import { parseRetryAfter } from '../domain/send/outbox-policy';
import { ApiFailure } from './api-failure';
import { INVALID_TOKEN, TRY_AGAIN } from '../domain/alerts';
import { pathFor, type Call, type CallAnswer, type CallBody } from '../domain/contract/call';

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * What checks an answer: a zod schema (from ./zod) or a hand-written check where zod would be the only
 * reason to load it on the first screen (domain details).
 */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  path: string;
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** Bearer credential: the session token, or the API key for sendsms. */
  auth?: string | null;
  schema: AnswerSchema<T>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Told the credential that was refused: the session ends only if that is still its token. */
type InvalidTokenListener = (credential: string) => void;
let onInvalidToken: InvalidTokenListener = () => {};

/** The app signs out on 'Invalid Token' from any call (docs/product.md#sign-in-and-sessions). */
export function setInvalidTokenListener(listener: InvalidTokenListener): void {
  onInvalidToken = listener;
}

/** The one place in src/ that calls fetch: the answer of a call that succeeded, or its failure thrown. */
async function send(options: Omit<RequestOptions<unknown>, 'schema'>, accept: string): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(options.path, {
      method: options.method ?? 'POST',
      headers: {
        Accept: accept,
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(options.auth ? { Authorization: `Bearer ${options.auth}` } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiFailure('timeout', 'The server took too long to answer');
    if (options.signal?.aborted) throw error;
    throw new ApiFailure('network', 'You appear to be offline');
  }
  if (!response.ok)
    throw failureFrom(
      response.status,
      await readJson(response),
      parseRetryAfter(response.headers.get('Retry-After'), Date.now()),
      options.auth,
    );
  return response;
}

/** A call's JSON answer, checked with its schema. */
export async function request<T>(options: RequestOptions<T>): Promise<T> {
  const response = await send(options, 'application/json');
  const parsed = options.schema.safeParse(await readJson(response));
  if (!parsed.success) throw new ApiFailure('invalid-answer', TRY_AGAIN, response.status);
  return parsed.data;
}

/** A call that answers a file (an invoice's PDF): its bytes. */
export async function requestFile(options: Omit<RequestOptions<unknown>, 'schema'>, accept: string): Promise<Blob> {
  return (await send(options, accept)).blob();
}

export interface CallOptions<C extends Call> extends Omit<
  RequestOptions<unknown>,
  'path' | 'method' | 'body' | 'schema'
> {
  body: CallBody<C>;
  /** The values of the path's `:name` segments (status/:id). */
  params?: Record<string, string | number>;
}

/** Posts one call of the contract (src/domain/contract) and checks its answer with the call's answer schema. */
export function callGateway<C extends Call>(call: C, options: CallOptions<C>): Promise<CallAnswer<C>> {
  const { params, ...rest } = options;
  return request({ ...rest, path: pathFor(call, params), schema: call.answer as AnswerSchema<CallAnswer<C>> });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function failureFrom(
  httpStatus: number,
  payload: unknown,
  retryAfterMs: number | undefined,
  credential: string | null | undefined,
): ApiFailure {
  const error = (payload as { error?: { status?: unknown; message?: unknown } } | null)?.error;
  const message = typeof error?.message === 'string' && error.message ? error.message : TRY_AGAIN;
  const status = typeof error?.status === 'string' ? error.status : httpStatus < 500 ? 'failed' : 'error';
  if (httpStatus === 401 || message === INVALID_TOKEN) {
    // A call made without a credential says nothing about the session.
    if (credential) onInvalidToken(credential);
    return new ApiFailure('invalid-token', INVALID_TOKEN, httpStatus, 'failed');
  }
  if (httpStatus === 413) return new ApiFailure('too-large', message, 413, status);
  return new ApiFailure('refused', message, httpStatus, status, retryAfterMs);
}
