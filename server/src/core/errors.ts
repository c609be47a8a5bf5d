import { INVALID_TOKEN, TRY_AGAIN } from '../../../src/domain/alerts';

/**
 * Why an area refuses a request. Areas throw these; http/error-handler.ts alone turns them into
 * The wire's `{ error: { status, message } }` (docs/api.md#answers-and-errors) with an HTTP status, so no area knows about HTTP.
 */
export type RefusalKind =
  | 'refused'
  | 'wrong-login'
  | 'invalid-token'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'insufficient-credit'
  | 'spending-cap'
  | 'too-many-attempts'
  | 'busy';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_ALLOWED = 'You are not allowed to do this';

/** Bad input, or a rule of the product said no. */
export const refuse = (message: string) => new Refusal('refused', message);
export const wrongLogin = (message: string) => new Refusal('wrong-login', message);
export const invalidToken = () => new Refusal('invalid-token', INVALID_TOKEN);
export const forbidden = (message = NOT_ALLOWED) => new Refusal('forbidden', message);
export const notFound = (message = 'Not found') => new Refusal('not-found', message);
/** The record is not in a state that allows this (already paid, deleted, started as another type). */
export const conflict = (message: string) => new Refusal('conflict', message);
export const insufficientCredit = (message: string) => new Refusal('insufficient-credit', message);
/** A send that would spend past a cap (docs/product.md#spending-caps): nothing was charged. */
export const spendingCapReached = (message: string) => new Refusal('spending-cap', message);
export const tooManyAttempts = (message: string) => new Refusal('too-many-attempts', message);
/** A write kept losing a race with others: the caller may simply try again. */
export const busy = () => new Refusal('busy', TRY_AGAIN);

/** A variable that stops the start, with what is wrong and how to put it right. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
