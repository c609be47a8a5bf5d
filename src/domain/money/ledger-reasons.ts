/**
 * Why a balance moved: each ledger row names one (server/src/money). A send's charge is named by
 * where it came from (the app, the API, an SMPP submit); a scheduled registration's prepaid first
 * deliveries are a `send`, each later run's are a `scheduled_run`.
 */
export const LEDGER_REASONS = [
  'send',
  'scheduled_run',
  'edit',
  'refund',
  'reservation',
  'release',
  'purchase',
  'gift',
  'referral',
  'signup_gift',
  'expiry',
  'smpp_submit',
  'api_send',
  'auto_topup',
  'adjustment',
  'opening',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
