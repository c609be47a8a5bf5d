/**
 * Where the HTTP layer, the database and the areas tell metrics what they did (docs/operations.md#metrics).
 * Areas call these and know nothing of Prometheus; http/metrics.ts turns each call into its figures.
 */
export interface Observers {
  /** One answered request: its method, its route's pattern (never the path with ids), its status, its time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One database statement: its time and whether it failed. */
  query(seconds: number, failed: boolean): void;
  /** A final receipt of a part this instance submitted: the time from the carrier's submit answer to it. */
  receiptDelay(seconds: number): void;
  /** One webhook attempt: `succeeded`, `retry` (failed, tried again later), `failed` (no retry left) or `gone` (410); its time. */
  webhookAttempt(outcome: string, seconds: number): void;
  /** A customer's bind on the SMPP server: `bound`, or the status it was refused with; the account when known. */
  smppBind(account: number | null, outcome: string): void;
  /** A customer's submit_sm answered: `accepted`, or the status it was refused with. */
  smppSubmit(account: number, outcome: string): void;
  /** A row of the credit ledger written: its reason and signed amount (negative: credits taken). */
  ledgerEntry(reason: string, amount: number): void;
}
