import { Refusal, type RefusalKind } from '../core/errors';
import type { ApiErrorCode } from '../../../src/domain/api-v1/error-codes';

/** The statuses the integrators' API answers a refusal with (docs/api-v1.md#errors). */
export type ApiStatus = 400 | 401 | 402 | 403 | 404 | 409 | 415 | 422 | 429;

const KIND: Record<ApiStatus, RefusalKind> = {
  400: 'refused',
  401: 'invalid-token',
  402: 'insufficient-credit',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  415: 'refused',
  422: 'refused',
  429: 'too-many-attempts',
};

/**
 * A refusal of the integrators' API: a core refusal (so any handler knows its kind) that also carries
 * the API's status, its stable code and the field at fault; http/api-v1.ts writes its error envelope.
 */
export class ApiRefusal extends Refusal {
  constructor(
    readonly status: ApiStatus,
    readonly code: ApiErrorCode,
    message: string,
    readonly param?: string,
    /** Seconds before trying again (429). */
    readonly retryAfter?: number,
  ) {
    super(KIND[status], message);
  }
}

export const apiRefusal = (status: ApiStatus, code: ApiErrorCode, message: string, param?: string) =>
  new ApiRefusal(status, code, message, param);
