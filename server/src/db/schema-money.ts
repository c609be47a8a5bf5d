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
  /** What caused it: its kind ('message', 'checkout', 'payment', 'account') and id, '' when none. */
  ref_kind: Generated<string>;
  ref_id: Generated<string>;
  /** Who acted: an account's id, or null for the system (a scheduled run, an expiry, a migration). */
  actor_id: number | null;
  /** Epoch milliseconds. */
  at: number;
}
export type CreditLedgerRow = Selectable<CreditLedgerTable>;

export interface MoneyTables {
  credit_ledger: CreditLedgerTable;
}
