import { APP_PATHS } from '../../domain/navigation/app-paths';
import type { StatementCause, StatementLine } from '../../domain/money/statement';

/** The lines whose payments are the account's clients' (a gift it gave, credits set aside for a client's card payment). */
const CLIENTS_PAYMENTS: readonly StatementLine[] = ['gift_out', 'reservation', 'release'];

/**
 * Where a statement row opens what caused it (docs/product.md#statements): a message's status page
 * (the client dashboard's for a client's statement), a purchase's invoice, or the purchase history.
 */
export function causeHref(cause: StatementCause, line: StatementLine, ofClient: boolean): string | null {
  if (cause === null) return null;
  switch (cause.kind) {
    case 'message':
      return (ofClient ? APP_PATHS.clientDashboardStatus : APP_PATHS.dashboardStatus).getHref(cause.id);
    case 'invoice':
      return APP_PATHS.invoice.getHref(cause.id);
    default:
      return ofClient || CLIENTS_PAYMENTS.includes(line)
        ? APP_PATHS.clientCreditHistory.getHref()
        : APP_PATHS.creditHistory.getHref();
  }
}
