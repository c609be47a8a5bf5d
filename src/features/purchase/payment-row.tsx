import { Group, Paper, Text } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import type { Payment } from '../../api/list-api';

const number = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const PAYMENT_ROW_HEIGHT = 96;
export const CLIENT_PAYMENT_ROW_HEIGHT = 140;

/** A payment record (docs/product.md#credit-history): date (Accra), amount, previous balance, credits added, new balance; clients' adds who. */
export function PaymentRow({ data, client }: { data: Payment; client: boolean }) {
  const title = data.amount > 0 ? `${data.currency} ${money.format(data.amount)}` : data.description || 'Credit';
  return (
    <Paper withBorder radius="md" p="sm" h={(client ? CLIENT_PAYMENT_ROW_HEIGHT : PAYMENT_ROW_HEIGHT) - 10}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" truncate style={{ minWidth: 0 }}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatAccra(data.date)}
        </Text>
      </Group>
      <Text size="sm" mt={2}>
        +{number.format(data.balanceadded)} credits · {number.format(data.previousbalance)} →{' '}
        {number.format(data.newbalance)}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {[data.description, data.paymentassist && `Assisted by ${data.paymentassist}`].filter(Boolean).join(' · ')}
      </Text>
      {client && (
        <>
          <Text size="xs" truncate>
            {[data.username, data.email, data.telnumber].filter(Boolean).join(' · ')}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            Supervisor {data.supid || '—'}
          </Text>
        </>
      )}
    </Paper>
  );
}
