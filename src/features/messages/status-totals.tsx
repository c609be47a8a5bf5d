import { Paper, SimpleGrid, Text } from '@mantine/core';
import { STATUS_GROUP_LABELS, type StatusGroup, type StatusTotals } from '../../domain/messages/message-status';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat();

/** The status page's totals: delivered, failed, pending, opted out (when any) and all. */
export function TotalsGrid({ totals }: { totals: StatusTotals }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals">
      <Total group="sent" value={totals.sent} color="teal.9" />
      <Total group="failed" value={totals.failed} color="red.9" />
      <Total group="pending" value={totals.pending} color="gray.8" />
      {totals.optedOut > 0 && <Total group="optedOut" value={totals.optedOut} color="orange.9" />}
      <Total group="total" value={totals.total} />
    </SimpleGrid>
  );
}

/** A total under its group's name (SENT's reads Delivered); its test id keeps the group's key. */
function Total({ group, value, color }: { group: StatusGroup | 'total'; value: number; color?: string }) {
  const label = group === 'total' ? 'Total' : STATUS_GROUP_LABELS[group];
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`${label} ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={`total-${group.toLowerCase()}`}>
        {number.format(value)}
      </Text>
    </Paper>
  );
}
