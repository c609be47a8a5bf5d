import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { DeliveryPage, DeliveryView } from '../../api/developer-api';
import { deliveriesOf, redeliverDelivery } from '../../sync/developers';
import { describeFailure } from '../../sync/failures';
import { useAction } from '../../sync/hooks/use-action';
import { when } from './format';

const STATE_COLOR: Record<DeliveryView['state'], string> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
  dropped: 'gray',
};

const PENDING_LOOK_MS = 3000;

/** An endpoint's delivery log, newest first, a page at a time, with a Redeliver button on each. */
export function DeliveryLog({ endpointId, online, round }: { endpointId: string; online: boolean; round: number }) {
  const [rows, setRows] = useState<DeliveryView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();

  const show = useCallback((page: DeliveryPage, more: boolean) => {
    setRows((old) => (more ? [...(old ?? []), ...page.data] : page.data));
    setNext(page.nextCursor);
    setError(null);
  }, []);
  const fail = useCallback((failure: unknown) => setError(describeFailure(failure).message), []);
  const load = useCallback(
    (cursor?: string) => deliveriesOf(endpointId, cursor).then((page) => show(page, cursor !== undefined), fail),
    [endpointId, show, fail],
  );
  useEffect(() => {
    deliveriesOf(endpointId).then((page) => show(page, false), fail);
  }, [endpointId, round, show, fail]);
  // While a delivery waits for its attempt, the first page is read again every few seconds.
  const waiting = online && (rows ?? []).some((d) => d.state === 'pending');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => deliveriesOf(endpointId).then((page) => show(page, false), fail), PENDING_LOOK_MS);
    return () => clearTimeout(timer);
  }, [waiting, rows, endpointId, show, fail]);

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
