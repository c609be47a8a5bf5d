import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { formatAccra } from '../../domain/dates';
import { countText } from '../../domain/plural';
import type { Payment } from '../../api/list-api';
import { displayPhone } from '../../domain/numbers/phone-number';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat();
const money = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const PAYMENT_ROW_HEIGHT = 96;
export const CLIENT_PAYMENT_ROW_HEIGHT = 112;

type PaymentText = { title: string; detail: string };

/**
 * What a history line says. Credit an admin gave (paymentassist names it) is counted in credits; its
 * amount is money only when given by rate (then it differs from the credits). A purchase is money.
 */
export function paymentText(p: Payment): PaymentText {
  const paid = `${p.currency} ${money.format(p.amount)}`;
  if (p.paymentassist) {
    return {
      title: `${countText(p.balanceadded, 'credit')} given by ${p.paymentassist}`,
      detail: p.amount > 0 && p.amount !== p.balanceadded ? `Worth ${paid}` : '',
    };
  }
  if (p.amount > 0) return { title: `${paid} purchase`, detail: p.description };
  return { title: p.description || 'Credit', detail: '' };
}

/** A purchase by card or mobile money, which has an invoice (a gift or a referral bonus has none). */
const isPurchase = (p: Payment) => p.amount > 0 && !p.paymentassist && String(p.paymentid).startsWith('PAY-');

/** A payment record (docs/product.md#credit-history): date (Accra), what it was, previous balance, credits added, new balance; clients' adds who. */
export function PaymentRow({ data, client }: { data: Payment; client: boolean }) {
  const { title, detail } = paymentText(data);
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
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={2}>
        <Text size="sm" truncate style={{ minWidth: 0 }}>
          +{number.format(data.balanceadded)} credits · {number.format(data.previousbalance)} →{' '}
          {number.format(data.newbalance)}
        </Text>
        {isPurchase(data) && (
          <Anchor
            component={Link}
            to={APP_PATHS.invoice.getHref(data.paymentid)}
            size="sm"
            style={{ flexShrink: 0 }}
            aria-label={`Invoice of the ${paymentText(data).title}`}
          >
            Invoice
          </Anchor>
        )}
      </Group>
      {detail && (
        <Text size="xs" c="dimmed" truncate>
          {detail}
        </Text>
      )}
      {client && (
        <Text size="xs" truncate>
          {[data.username, data.email, data.telnumber && displayPhone(data.telnumber)].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Paper>
  );
}
