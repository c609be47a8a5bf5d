import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { AUDIT_ACTIONS, auditActionLabel, auditDetailsText, MAX_AUDIT_EXPORT_ROWS } from '../../domain/account/audit';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { formatAccra } from '../../domain/dates';
import { buildAuditLogExport } from '../../excel/export-file';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { useSession } from '../../sync/hooks/use-session';
import { auditLogExport, auditLogPage, type AuditEntry, type AuditFilter } from '../../sync/security';
import { downloadBytes } from '../../ui/download';
import { OfflineNote } from '../../ui/offline-note';
import { PageNumbers } from '../../ui/page-numbers';
import { useOnline } from '../../ui/use-online';

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];
const when = (iso: string) => formatAccra(iso, 'yyyy-MM-dd HH:mm');
const EMPTY: AuditFilter = { search: '', action: '', from: '', to: '' };

/** An entry as both views and the export show it. */
const shown = (e: AuditEntry) => ({
  when: when(e.at),
  who: e.actor,
  action: auditActionLabel(e.action),
  details: auditDetailsText(e.details),
  ip: e.ip,
  device: e.device,
});

/**
 * The audit log (docs/product.md#audit-log): who did what, when, from where. An account reads its own
 * rows, an admin its clients' too, profile 6 all; pages come from the gateway as they are asked for.
 */
export function AuditLogScreen() {
  const session = useSession();
  const online = useOnline();
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ entries: AuditEntry[]; hasMore: boolean } | null>(null);
  const loading = useAction('The audit log could not be loaded. Please try again');
  const exporting = useAction('The audit log could not be written. Please try again');
  const { run } = loading;

  const load = useCallback(
    (wanted: AuditFilter, pageNum: number) =>
      run(async () => {
        const answer = await auditLogPage(wanted, pageNum);
        setResult({ entries: answer.entries, hasMore: answer.hasMore === true || answer.hasMore === 'true' });
      }),
    [run],
  );
  useEffect(() => {
    if (online) void load(filter, page);
  }, [online, load, filter, page]);

  const apply = () => {
    setPage(1);
    setFilter({ ...draft, search: draft.search.trim() });
  };
  const exportLog = () =>
    exporting.run(async () => {
      const answer = await auditLogExport(filter);
      downloadBytes(
        await buildAuditLogExport(answer.entries.map(shown)),
        `audit-log-${formatAccra(Date.now(), 'yyyy-MM-dd')}.xlsx`,
      );
      if (answer.truncated)
        emitAlert({
          message: `The file holds the newest ${MAX_AUDIT_EXPORT_ROWS.toLocaleString('en-US')} entries: narrow the dates for the rest`,
          severity: 'warning',
        });
    });

  if (session.status !== 'signed-in') return null;
  const entries = result?.entries ?? [];
  const set = (field: keyof AuditFilter) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Audit log
      </Title>
      <Text size="sm" c="dimmed">
        {session.user.isAdmin
          ? 'Sign-ins, security changes, credit, sender IDs and settings of your account and your clients’ accounts.'
          : 'Sign-ins, security changes, credit and settings of your account.'}
      </Text>
      {!online && <OfflineNote online={online}>The audit log needs a connection</OfflineNote>}
      <Paper
        withBorder
        p="sm"
        component="form"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, IP address, sender ID..."
            maxLength={SEARCH_MAX_LENGTH}
            value={draft.search}
            onChange={(e) => set('search')(e.currentTarget.value)}
          />
          <Select
            label="Action"
            data={ACTION_OPTIONS}
            value={draft.action}
            onChange={(v) => set('action')(v ?? '')}
            allowDeselect={false}
          />
          <TextInput label="From" type="date" value={draft.from} onChange={(e) => set('from')(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={draft.to} onChange={(e) => set('to')(e.currentTarget.value)} />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" disabled={!online} loading={loading.busy}>
            Show
          </Button>
          <Button
            variant="default"
            disabled={!online || entries.length === 0}
            loading={exporting.busy}
            onClick={() => void exportLog()}
          >
            Export to Excel
          </Button>
        </Group>
      </Paper>
      {result && entries.length === 0 && <Alert color="gray">No entries match.</Alert>}
      {entries.length > 0 && (
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
                  const row = shown(e);
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
              const row = shown(e);
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
          <PageNumbers total={result?.hasMore ? page + 1 : page} value={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
