import { useState } from 'react';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { optedOutPreview } from '../../domain/numbers/opt-out';
import { INTERNATIONAL_CURRENCY } from '../../domain/constants';
import type { SendPlan } from './use-send-plan';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat({ maximumFractionDigits: 2 });

type Props = {
  plan: SendPlan;
  balance: { amount: number; local: boolean };
  /** Whether the signed-in person may buy credit (a team member's roles): the link to buy shows only then. */
  canPurchase?: boolean;
};

/** Recipients, what the send costs against the balance, and the non-blocking warnings (docs/product.md#the-send-form). */
export function SendSummary({ plan, balance, canPurchase = true }: Props) {
  const { cost } = plan;
  const [showOptedOut, setShowOptedOut] = useState(false);
  const balanceText = balance.local
    ? `${number.format(balance.amount)} credits`
    : `${INTERNATIONAL_CURRENCY} ${number.format(balance.amount)}`;
  // Busy while the cost catches up with the typing.
  return (
    <Stack gap="xs" aria-busy={plan.settling} data-testid="send-summary">
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
      {plan.optedOut.length > 0 && (
        <Alert color="orange" variant="light" data-testid="opted-out-preview">
          <Text size="sm">
            {optedOutPreview(plan.optedOut.length)}
            {plan.optOutsFromDevice ? ' (from the opt-out list stored on this device)' : ''}.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setShowOptedOut((v) => !v)}>
              {showOptedOut ? 'Hide the numbers' : 'Show the numbers'}
            </Anchor>
          </Text>
          {showOptedOut && (
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="opted-out-numbers">
              {plan.optedOut.join(', ')}
            </Text>
          )}
        </Alert>
      )}
      {plan.creditMessage && (
        <Alert color="red" variant="light" title="Not enough credit" data-testid="credit-problem">
          <Text size="sm">{plan.creditMessage}</Text>
          {canPurchase && (
            <Anchor component={Link} to={APP_PATHS.purchaseSms.getHref()} size="sm" fw={600}>
              Buy SMS credits
            </Anchor>
          )}
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
