import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import {
  PAYMENT_OUTCOME_PARAM,
  PAYMENT_OUTCOME_TEXT,
  isPaymentOutcome,
  type PaymentOutcome,
} from '../../domain/payment-outcome';
import { emitAlert } from '../../sync/alerts-bus';
import { refreshUser } from '../../sync/session';

const COLOR = { success: 'teal', warning: 'yellow', error: 'red', info: 'blue' } as const;

/**
 * The way back from the payment page (/purchasesms?payment=...): says how it ended, refreshes the
 * balance, and drops the query so a reload does not say it again.
 */
export function PurchaseOutcome() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PAYMENT_OUTCOME_PARAM);
  // Read once on arrival: the query is dropped below, the note stays until closed.
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(() => (isPaymentOutcome(raw) ? raw : null));

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

  if (!outcome) return null;
  const { severity, message } = PAYMENT_OUTCOME_TEXT[outcome];
  return (
    <Alert color={COLOR[severity]} variant="light" withCloseButton onClose={() => setOutcome(null)} role="status">
      {message}
    </Alert>
  );
}
