// Alert severities, durations and the fixed texts (docs/product.md#alerts).
import { ALERT_DURATION_MS, ALL_RECURRING_ALERT_DURATION_MS } from './constants';

export type AlertSeverity = 'warning' | 'success' | 'error' | 'info';

export const BATCHING_NOTICE = 'Kindly keep the browser open while we send the messages in batches for you. Thank you';
export const BATCHES_SENT = 'Messages sent successfully, Thank you';
export const INVALID_TOKEN = 'Invalid Token';
export const RESELLER_SAVE_FAILED = 'Oops something went wrong';
export const NO_SCHEDULED_SMS = 'You do not have any scheduled sms';
export const NO_RECURRING_SMS = 'You do not have any recurring sms';
// The text for failed reset or validation calls, and the generic failure text.
export const TRY_AGAIN = 'Something went wrong please try again';
export const WRONG_CODE = 'Wrong Code Entered, please re-enter code again or resend code again';
export const SUBMISSION_IN_PROGRESS = 'Message submission in progress';

export function alertSeverity(status: string | null | undefined): AlertSeverity {
  switch (status) {
    case 'failed':
      return 'warning';
    case 'successful':
      return 'success';
    case 'error':
      return 'error';
    default:
      return 'info';
  }
}

// The all-recurring list loads slowly, so its alerts stay long enough to be read.
export const alertDurationMs = (onAllRecurringList = false): number =>
  onAllRecurringList ? ALL_RECURRING_ALERT_DURATION_MS : ALERT_DURATION_MS;

// Server text first, then what the client knows, then the generic text.
export function failureMessage(serverMessage?: string | null, clientMessage?: string | null): string {
  return [serverMessage, clientMessage].find((m): m is string => !!m && m.trim() !== '') ?? TRY_AGAIN;
}

export const isInvalidToken = (message: string | null | undefined): boolean => message === INVALID_TOKEN;
