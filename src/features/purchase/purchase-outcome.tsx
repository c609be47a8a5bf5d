import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_OUTCOME_PARAM, PAYMENT_OUTCOME_TEXT, isPaymentOutcome } from '../../domain/money/payment-outcome';
import { emitAlert } from '../../notify/alerts-bus';
import { refreshUser } from '../../sync/session';

/**
 * The way back from the payment page (/purchasesms?payment=...): says how it ended, once, as an alert
 * (an outcome), refreshes the balance the page shows, and drops the query so a reload does not say it again.
 */
export function PurchaseOutcome() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PAYMENT_OUTCOME_PARAM);

  useEffect(() => {
    if (!isPaymentOutcome(raw)) return;
    emitAlert(PAYMENT_OUTCOME_TEXT[raw]);
    void refreshUser();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_OUTCOME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [raw, setParams]);

  return null;
}
