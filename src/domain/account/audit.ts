// The audit log's actions and limits, shared by the gateway (server/src/audit) and the /auditlog page.
import { formatNumber } from '../numbers/number-format';

/** Every action the audit log records, with its label on the page. */
export const AUDIT_ACTIONS = {
  signin: 'Signed in',
  signin_failed: 'Failed sign-in',
  two_step_on: 'Two-step sign-in turned on',
  two_step_off: 'Two-step sign-in turned off',
  two_step_required: 'Two-step requirement changed',
  recovery_codes: 'New recovery codes',
  recovery_code_used: 'Recovery code used',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  email_changed: 'E-mail changed',
  phone_changed: 'Mobile number changed',
  session_ended: 'Session signed out',
  api_key_created: 'API key created',
  api_key_revoked: 'API key revoked',
  smpp_access_set_up: 'SMPP access set up',
  smpp_access_changed: 'SMPP access changed',
  smpp_access_reset: 'SMPP access reset',
  webhook_endpoint_created: 'Webhook endpoint created',
  webhook_endpoint_deleted: 'Webhook endpoint deleted',
  webhook_secret_rotated: 'Webhook signing secret rotated',
  credit_given: 'Credit given',
  spending_cap_changed: 'Spending cap changed',
  credit_bought: 'Credit bought',
  sender_id_requested: 'Sender ID requested',
  sender_id_approved: 'Sender ID approved',
  sender_id_rejected: 'Sender ID rejected',
  account_type_changed: 'Account type changed',
  reseller_settings: 'Domain settings saved',
  opt_out_removed: 'Opt-out removed',
  data_erased: 'Personal data erased',
  member_invited: 'Member invited',
  member_joined: 'Member joined',
  member_roles_changed: 'Member roles changed',
  member_removed: 'Member removed',
  data_exported: 'Data exported',
  approval_requested: 'Campaign awaiting approval',
  campaign_approved: 'Campaign approved',
  campaign_rejected: 'Campaign rejected',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

/** The widest date range one query of the log may cover. */
export const MAX_AUDIT_RANGE_DAYS = 366;
export const AUDIT_RANGE_TOO_LONG = `Please choose a date range of at most ${MAX_AUDIT_RANGE_DAYS} days`;
export const AUDIT_RANGE_BACKWARDS = 'The start date must be on or before the end date';

/** How long rows are kept before the background prune removes them (docs/compliance.md#audit-log). */
export const AUDIT_RETENTION_DAYS = 730;

/** The most rows one Excel export of the log holds. */
export const MAX_AUDIT_EXPORT_ROWS = 10_000;

/** What the app may say it exported (recorded as `data_exported`). */
export const EXPORT_KINDS = [
  'contacts',
  'numbers',
  'clients',
  'messages',
  'status',
  'optouts',
  'payments',
  'auditlog',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** An action's label, or the action itself when this app does not know it yet. */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTIONS[action] : action.replace(/_/g, ' ');

const detailValue = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(detailValue).join(', ')
    : value === true
      ? 'yes'
      : value === false
        ? 'no'
        : value === null || value === undefined
          ? ''
          : typeof value === 'number'
            ? formatNumber(value)
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value);

/** Details' names as people read them; any other name is written out from its camelCase. */
const DETAIL_LABELS: Record<string, string> = {
  credits: 'Credits',
  amount: 'Amount',
  currency: 'Currency',
  balanceBefore: 'Balance before',
  balanceAfter: 'Balance after',
  adminBefore: "Giver's balance before",
  adminAfter: "Giver's balance after",
  dailyCap: 'Daily cap',
  monthlyCap: 'Monthly cap',
  senderIds: 'Sender IDs',
  systemId: 'SMPP system_id',
  credentialsEnded: 'Keys and SMPP access reset',
  key: 'API key',
  ip: 'IP address',
  url: 'URL',
  by: 'By member',
  kind: 'What',
};

const detailLabel = (key: string): string => {
  const label = DETAIL_LABELS[key];
  if (label) return label;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** An entry's details in words: "Credits: 50 · Client: acmeclient". */
export const auditDetailsText = (details: Record<string, unknown>): string =>
  Object.entries(details)
    .filter(([, value]) => detailValue(value) !== '')
    .map(([key, value]) => `${detailLabel(key)}: ${detailValue(value)}`)
    .join(' · ');
