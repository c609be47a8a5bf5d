/** Why a call did not give an answer: the outbox and the screens decide on `kind`, never on text. */
export type FailureKind =
  | 'refused' // the gateway said no (4xx/5xx with a message)
  | 'invalid-token' // 'Invalid Token': the session is over
  | 'too-large' // 413: the outbox re-sends in batches
  | 'network' // no answer at all (offline, DNS, connection reset)
  | 'timeout' // no answer in time
  | 'invalid-answer'; // an answer that does not match its schema

export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** HTTP status when there was an answer, else 0. */
    readonly httpStatus = 0,
    /** The error status (docs/api.md#answers-and-errors): 'failed' is user-fixable, 'error' a fault. */
    readonly status: string = kind === 'refused' ? 'failed' : 'error',
    /** The server's Retry-After (on 429 and 503), in ms from when the answer came. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}
