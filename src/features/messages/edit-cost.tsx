import { useEffect, useState } from 'react';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { EditQuote, QuoteRequest } from '../../api/message-api';
import { INTERNATIONAL_CURRENCY } from '../../domain/constants';
import { notEnoughCredit } from '../../domain/send/send-cost';
import { quoteMessageEdit } from '../../sync/message-sync';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat({ maximumFractionDigits: 2 });

export type EditBalance = { amount: number; local: boolean };

type QuoteState = { quote: EditQuote | null; problem: string | null; settling: boolean };

/**
 * The gateway's quote of an edit's text, asked again once typing pauses (300 ms, as the send form's
 * cost): a personalized send's cost depends on every recipient's own values, which only it holds.
 */
export function useEditQuote(recurring: boolean, request: QuoteRequest): QuoteState {
  const key = JSON.stringify(request);
  const [settled] = useDebouncedValue(key, 300);
  const [state, setState] = useState<{ key: string | null; quote: EditQuote | null; problem: string | null }>({
    key: null,
    quote: null,
    problem: null,
  });
  useEffect(() => {
    const abort = new AbortController();
    void quoteMessageEdit(recurring, JSON.parse(settled) as QuoteRequest, abort.signal).then((answer) => {
      if (!abort.signal.aborted) setState({ key: settled, ...answer });
    });
    return () => abort.abort();
  }, [recurring, settled]);
  return { quote: state.quote, problem: state.problem, settling: state.key !== key };
}

/** Whether saving would need more credit than the balance holds. */
export const changeTooDear = (quote: EditQuote | null, balance: EditBalance) =>
  quote !== null && balance.local && quote.change > balance.amount;

/** An edit's recipients, what a delivery costs, what saving charges or refunds, and the balance (docs/product.md#what-a-send-costs). */
export function EditCost({ state, balance }: { state: QuoteState; balance: EditBalance }) {
  const { quote, problem, settling } = state;
  const balanceText = balance.local
    ? `${number.format(balance.amount)} credits`
    : `${INTERNATIONAL_CURRENCY} ${number.format(balance.amount)}`;
  const change = quote?.change ?? 0;
  return (
    <Stack gap="xs" aria-busy={settling} data-testid="edit-cost">
      <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
        <Text size="sm" data-testid="recipient-count">
          <b>{quote ? number.format(quote.recipients) : '—'}</b> {quote?.recipients === 1 ? 'recipient' : 'recipients'}
        </Text>
        <Text size="sm" data-testid="send-cost">
          Cost: <b>{quote ? `${number.format(quote.credits)} SMS credits` : '—'}</b>
          {quote && quote.recipients > 0 ? ' a delivery' : ''}
        </Text>
        <Text size="sm">Balance: {balanceText}</Text>
      </Group>
      {quote && (
        <Text size="sm" data-testid="edit-change">
          {change > 0
            ? `Saving takes ${number.format(change)} SMS credits now: the first delivery is paid when it is registered`
            : change < 0
              ? `Saving gives back ${number.format(-change)} SMS credits`
              : 'Saving does not change your balance'}
        </Text>
      )}
      {problem && !settling && (
        <Alert color="red" variant="light" role="status">
          {problem}
        </Alert>
      )}
      {changeTooDear(quote, balance) && (
        <Alert color="red" variant="light" title="Not enough credit" data-testid="credit-problem">
          {notEnoughCredit(change, balance.amount, 'this change')}
        </Alert>
      )}
    </Stack>
  );
}
