// One operation of the integrators' API (docs/api-v1.md), declared once for both sides: the gateway registers
// it with its access and schemas and writes the OpenAPI document from it; the app calls it through
// src/api/v1.ts. Free of zod's code (types only), like ../call.ts.
import type { z } from '../zod';
import type { Access } from '../access';
import { API_SCOPES, type API_MODES } from '../../api-v1/scopes';
import { API_V1_PATH } from '../../navigation/api-paths';

export type ApiScope = (typeof API_SCOPES)[number];
export type ApiMode = (typeof API_MODES)[number];

/** The API's document (docs/api-v1.md), generated from the operations. */
export const OPENAPI_PATH = `${API_V1_PATH}/openapi.json`;

/**
 * Who may call an operation and what it touches: the holder of a key of the account with its scopes (used
 * from an address the key allows), or the signed-in app's session where `session` says so; always the
 * key's own account (docs/api-v1.md#keys-and-scopes).
 */
export interface KeyAccess extends Access<'apikey', 'self'> {
  readonly scopes: readonly ApiScope[];
  /** Whether the app's session token is accepted too. */
  readonly session?: boolean;
  /**
   * The mode the operation works in: a key's own (naming another is refused); for the session, the one
   * the body's or query's `mode` names, else live (`named`), or either mode, for a record reached by its
   * id (`any`).
   */
  readonly mode?: 'named' | 'any';
  /** What a test key may not do, in the refusal's words: a test key never makes credentials that send for real. */
  readonly liveOnly?: string;
}

/** Managing keys (and SMPP credentials) with a key needs every scope: such a key can do all a key can, so it makes no stronger one. */
export const KEY_ADMIN: readonly ApiScope[] = API_SCOPES;

/** The error statuses an operation may answer beside 400, 401, 403 and 429. */
export type ErrorStatus = 402 | 404 | 409 | 413 | 415 | 422;

type Part = z.ZodType | undefined;

export interface Operation<
  B extends Part = Part,
  Q extends Part = Part,
  P extends Part = Part,
  A extends z.ZodType = z.ZodType,
  K extends KeyAccess = KeyAccess,
> {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Under API_V1_PATH, with `:name` parameters. */
  path: string;
  summary: string;
  description?: string;
  access: K;
  /** Whether it honours an Idempotency-Key header. */
  idempotent?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  answer: A;
  status: 200 | 201;
  errors: readonly ErrorStatus[];
}

/** Declares an operation, keeping the literal types of its parts and access. */
export const op = <
  B extends Part = undefined,
  Q extends Part = undefined,
  P extends Part = undefined,
  A extends z.ZodType = z.ZodType,
  K extends KeyAccess = KeyAccess,
>(
  o: Operation<B, Q, P, A, K>,
) => o;
