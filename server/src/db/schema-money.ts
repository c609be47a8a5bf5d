import type { Generated, Selectable } from 'kysely';
import type { LedgerReason } from '../../../src/domain/money/ledger-reasons';

/**
 * One change of an account's credit balance (server/src/money): appended in the transaction that
 * changes the balance, never updated. An account's balance is the sum of its rows' amounts.
 */
export interface CreditLedgerTable {
  id: Generated<number>;
  /** The account whose balance changed. */
  profile_id: number;
  /** Credits added (above 0) or taken (below 0); credits may be fractional, as the balance. */
  amount: number;
  /** The balance once this change was made. */
  balance_after: number;
  reason: LedgerReason;
  /** What caused it: its kind ('message', 'checkout', 'payment', 'account', 'approval') and id, '' when none. */
  ref_kind: Generated<string>;
  ref_id: Generated<string>;
  /** Who acted: an account's id, or null for the system (a scheduled run, an expiry, a migration). */
  actor_id: number | null;
  /** Epoch milliseconds. */
  at: number;
  /** The API key a send came through (its public id), null otherwise: what a key's daily cap sums. */
  api_key_id: Generated<string | null>;
  /** The team member who acted (docs/product.md#who-did-what); null for the owner, an API key or SMPP. */
  member_id: Generated<number | null>;
}
export type CreditLedgerRow = Selectable<CreditLedgerTable>;

/**
 * A charge that took a balance under its account's alert level: at most one an account and Accra day
 * (docs/product.md#low-balance-alerts). Its readers, each once: the account's own notice (an SMS and
 * an e-mail, `notified_at`) and the `balance.low` webhook (`webhook_at`); 0 until sent.
 */
export interface BalanceAlertsTable {
  id: Generated<number>;
  profile_id: number;
  /** The Accra day, yyyy-mm-dd. */
  day: string;
  threshold: number;
  balance_after: number;
  at: number;
  notified_at: Generated<number>;
  webhook_at: Generated<number>;
}
export type BalanceAlertRow = Selectable<BalanceAlertsTable>;

export interface MoneyTables {
  credit_ledger: CreditLedgerTable;
  balance_alerts: BalanceAlertsTable;
}
