import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { auditActionLabel, auditDetailsText } from '../../domain/account/audit';
import { formatAccra } from '../../domain/dates';
import type { AuditEntry } from '../../sync/security';

const when = (iso: string) => formatAccra(iso, 'yyyy-MM-dd HH:mm');

/** An entry as both views and the export show it. */
export const shownEntry = (e: AuditEntry) => ({
  when: when(e.at),
  who: e.actor,
  action: auditActionLabel(e.action),
  details: auditDetailsText(e.details),
  ip: e.ip,
  device: e.device,
});

/** A page of entries: a table on wide screens, a card each on a phone. */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover aria-label="Audit log entries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Details</Table.Th>
              <Table.Th>From</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => {
              const row = shownEntry(e);
              return (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.when}</Table.Td>
                  <Table.Td>{row.who}</Table.Td>
                  <Table.Td>{row.action}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{row.details}</Table.Td>
                  <Table.Td>
                    {row.ip}
                    {row.device && (
                      <Text size="xs" c="dimmed">
                        {row.device}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" role="list" aria-label="Audit log entries">
        {entries.map((e) => {
          const row = shownEntry(e);
          return (
            <Paper key={e.id} withBorder p="sm" role="listitem">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{row.action}</Text>
                <Text size="xs" c="dimmed">
                  {row.when}
                </Text>
              </Group>
              <Text size="sm">{row.who}</Text>
              {row.details && (
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {row.details}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {[row.ip, row.device].filter(Boolean).join(' · ')}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}
