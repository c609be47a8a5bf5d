import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { DeliveryView } from '../../api/developer-api';
import { redeliverDelivery } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { when } from './format';
import { useDeliveryLog } from './use-delivery-log';

const STATE_COLOR: Record<DeliveryView['state'], string> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
  dropped: 'gray',
};

/** An endpoint's delivery log, newest first, a page at a time, with a Redeliver button on each. */
export function DeliveryLog({ endpointId, online, round }: { endpointId: string; online: boolean; round: number }) {
  const { rows, next, error, load } = useDeliveryLog(endpointId, online, round);
  const { busy, run } = useAction();

  const again = (d: DeliveryView) =>
    void run(async () => {
      await redeliverDelivery(d.id);
      await load();
    });

  if (error) return <Text size="sm" c="dimmed">{`The delivery log could not be read: ${error}`}</Text>;
  if (rows === null) return <Text size="sm">Reading the delivery log…</Text>;
  if (rows.length === 0) return <Text size="sm">Nothing has been sent to this endpoint yet.</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} fz="sm" aria-label="Delivery log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Created</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Last answer</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => {
              const last = d.attempts.at(-1);
              return (
                <Table.Tr key={d.id}>
                  <Table.Td>{when(d.createdAt)}</Table.Td>
                  <Table.Td>
                    {d.type}
                    <Text size="xs" c="dimmed">
                      {d.messageId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOR[d.state]} variant="light" size="sm">
                      {d.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {d.lastStatusCode ?? (last?.error ? last.error : '—')}
                    {d.lastDurationMs !== null && (
                      <Text size="xs" c="dimmed">
                        {d.lastDurationMs} ms
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{d.attemptCount}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={!online || busy}
                      onClick={() => again(d)}
                      aria-label={`Redeliver ${d.type} of ${when(d.createdAt)}`}
                    >
                      Redeliver
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {next && (
        <Group>
          <Button size="compact-sm" variant="subtle" onClick={() => void load(next)} disabled={!online}>
            Older deliveries
          </Button>
        </Group>
      )}
    </Stack>
  );
}
