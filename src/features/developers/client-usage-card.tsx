import { useEffect, useState } from 'react';
import { Table, Text } from '@mantine/core';
import type { ClientUsage } from '../../api/developer-api';
import { clientApiUsage } from '../../sync/developers';
import { describeFailure } from '../../sync/failures';
import { SectionCard } from '../../ui/section-card';
import { when } from './format';
import { formatNumber } from '../../domain/numbers/number-format';

const count = (n: number) => formatNumber(n);

/** An admin's clients' API use: keys in use, last use, live API sends of the last 30 days. */
export function ClientUsageCard({ online }: { online: boolean }) {
  const [clients, setClients] = useState<ClientUsage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return;
    clientApiUsage().then(setClients, (failure: unknown) => setError(describeFailure(failure).message));
  }, [online]);
  return (
    <SectionCard id="developer-usage-title" title="Your clients' API use">
      {!online && !clients && (
        <Text size="sm" c="dimmed">
          Your clients&apos; API use is read when you are online.
        </Text>
      )}
      {error && <Text size="sm">{error}</Text>}
      {clients && clients.length === 0 && <Text size="sm">You have no clients yet.</Text>}
      {clients && clients.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label="Clients' API use">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th>Keys in use</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Sends (30 days)</Table.Th>
                <Table.Th>Recipients</Table.Th>
                <Table.Th>Credits</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.map((c) => (
                <Table.Tr key={c.profile_id}>
                  <Table.Td>{c.username}</Table.Td>
                  <Table.Td>{count(c.active_keys)}</Table.Td>
                  <Table.Td>{when(c.last_used_at)}</Table.Td>
                  <Table.Td>{count(c.batches_30d)}</Table.Td>
                  <Table.Td>{count(c.recipients_30d)}</Table.Td>
                  <Table.Td>{count(c.credits_30d)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
