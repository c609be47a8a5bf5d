import { ApiFailure } from '../api/api-failure';
import { alertSeverity, failureMessage, type AlertSeverity } from '../domain/alerts';

export interface FailureView {
  message: string;
  severity: AlertSeverity;
  /** No answer at all: the screen can say it will work once back online. */
  offline: boolean;
}

/** docs/product.md#alerts: the server's message, else the client's text, else the generic one; severity by status. */
export function describeFailure(error: unknown, clientMessage?: string): FailureView {
  if (error instanceof ApiFailure) {
    const offline = error.kind === 'network' || error.kind === 'timeout';
    const server =
      error.kind === 'refused' || error.kind === 'too-large' || error.kind === 'invalid-token' ? error.message : null;
    return {
      message: offline
        ? 'You are offline: this needs a connection. Please try again when you are back online'
        : failureMessage(server, clientMessage),
      severity: offline ? 'warning' : alertSeverity(error.status),
      offline,
    };
  }
  return { message: failureMessage(null, clientMessage), severity: 'error', offline: false };
}

/**
 * The gateway's refusal of what was typed (400, 409), to show on the field it is about; null for
 * anything else (offline, too many attempts, a fault), which is an alert's business.
 */
export function fieldRefusal(error: unknown): string | null {
  if (!(error instanceof ApiFailure) || error.kind !== 'refused') return null;
  return error.httpStatus === 400 || error.httpStatus === 409 ? error.message : null;
}
