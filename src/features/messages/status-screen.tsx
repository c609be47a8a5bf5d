import { useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router-dom';
import { formatAccra } from '../../domain/dates';
import { statusTotals } from '../../domain/message-status';
import { filterBySearch } from '../../domain/search';
import type { ListView as View } from '../../domain/permissions';
import { buildStatusReport } from '../../excel/export-file';
import { reportFileName } from '../../excel/status-report';
import { emitAlert } from '../../notify/alerts-bus';
import { useProfileId } from '../../sync/hooks/use-profile-id';
import { findStoredMessage } from '../../db/list-store';
import { useMessageStatus } from '../../sync/message-status';
import { downloadBytes } from '../../ui/download';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { LIST_KINDS } from './list-kinds';
import { StatusTable } from './status-table';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';

const number = new Intl.NumberFormat('en-US');

/** The status page (docs/product.md#delivery-status): totals, search, the Mobile number / Status table and (own only) the Excel export. */
export function StatusScreen({ view }: { view: View }) {
  const { id = '' } = useParams();
  const profileId = useProfileId();
  const list = LIST_KINDS.quick.list[view];
  const stored = useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await findStoredMessage(profileId, list, id)) ?? null)),
    [profileId, list, id],
  );
  const status = useMessageStatus(id);
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => status.rows ?? [], [status.rows]);
  const totals = useMemo(() => statusTotals(rows), [rows]);
  const shown = useMemo(() => filterBySearch(rows, search), [rows, search]);
  const data = stored?.data;
  const title = data?.messageDescription || data?.messageType || 'Message';

  const exportReport = async () => {
    setExporting(true);
    try {
      downloadBytes(await buildStatusReport(rows), reportFileName(`${title}-${data?.randomAlpha ?? id}`));
    } catch {
      emitAlert({ message: 'The status report could not be written. Please try again', severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Message status
        </Title>
        <Button component={Link} to={LIST_KINDS.quick.path[view]} variant="default" size="sm">
          Back
        </Button>
      </Group>
      {data && (
        <Paper withBorder p="sm" radius="md">
          <Text fw={600}>{title}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {data.shortMessage}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            From {data.sourceAddress} · sent {formatAccra(data.messageSentTime)}
            {view === 'client' && data.username ? ` · by ${data.username}` : ''}
          </Text>
        </Paper>
      )}
      {status.error &&
        (status.offline ? (
          <OfflineNote online={online}>
            Delivery statuses need a connection and will load when you are back online
          </OfflineNote>
        ) : (
          <Alert color="red" variant="light" role="status">
            {status.error}
          </Alert>
        ))}
      {status.loading && !status.rows ? (
        <Center py="xl">
          <Loader aria-label="Loading delivery statuses" />
        </Center>
      ) : (
        status.rows && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals">
              <Total label="Sent" value={totals.sent} color="teal.9" />
              <Total label="Failed" value={totals.failed} color="red.9" />
              <Total label="Pending" value={totals.pending} color="gray.8" />
              {totals.optedOut > 0 && <Total label="Opted out" value={totals.optedOut} color="orange.9" />}
              <Total label="Total" value={totals.total} />
            </SimpleGrid>
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label="Search"
                placeholder="Number or status"
                value={search}
                maxLength={SEARCH_MAX_LENGTH}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={{ base: '100%', xs: 280 }}
              />
              {view === 'personal' && (
                <Button
                  onClick={() => void exportReport()}
                  loading={exporting}
                  disabled={rows.length === 0}
                  variant="light"
                >
                  Export status report (Excel)
                </Button>
              )}
            </Group>
            <StatusTable key={search} rows={shown} />
          </>
        )
      )}
    </Stack>
  );
}

function Total({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`${label} ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={`total-${label.toLowerCase()}`}>
        {number.format(value)}
      </Text>
    </Paper>
  );
}
