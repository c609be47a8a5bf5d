import { Alert, Group, Stack, Text } from '@mantine/core';
import { INTERNATIONAL_CURRENCY } from '../../domain/constants';
import type { SendPlan } from './use-send-plan';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

type Props = { plan: SendPlan; balance: { amount: number; local: boolean } };

/** Recipients, what the send costs against the balance, and the non-blocking warnings (docs/product.md#the-send-form). */
export function SendSummary({ plan, balance }: Props) {
  const { cost } = plan;
  const balanceText = balance.local
    ? `${number.format(balance.amount)} credits`
    : `${INTERNATIONAL_CURRENCY} ${number.format(balance.amount)}`;
  return (
    <Stack gap="xs">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" data-testid="recipient-count">
          <b>{number.format(plan.recipientCount)}</b> {plan.recipientCount === 1 ? 'recipient' : 'recipients'}
        </Text>
        <Text size="sm" data-testid="send-cost">
          Cost: <b>{cost ? `${number.format(cost.credits)} SMS credits` : '—'}</b>
          {cost && cost.recipients > 0 ? ` (${number.format(cost.credits / cost.recipients)} per recipient)` : ''}
        </Text>
        <Text size="sm">Balance: {balanceText}</Text>
      </Group>
      {plan.creditMessage && (
        <Alert color="red" variant="light" title="Not enough credit" data-testid="credit-problem">
          {plan.creditMessage}
        </Alert>
      )}
      {plan.warnings.map((warning) => (
        <Alert key={warning} color="yellow" variant="light">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}
