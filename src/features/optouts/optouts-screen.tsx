import { useEffect, useMemo, useState } from 'react';
import { PageNumbers } from '../../ui/page-numbers';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { canonicalPhone, displayPhone } from '../../domain/numbers/phone-number';
import { OPT_OUT_REASON_LABELS, type OptOutReason } from '../../domain/numbers/opt-out';
import type { ClientOptOutsAnswer, OptOutAnswer } from '../../api/optout-api';
import { buildOptOutsExport } from '../../excel/export-file';
import { useAction } from '../../sync/hooks/use-action';
import { useOptOuts } from '../../sync/hooks/use-opt-outs';
import { useSession } from '../../sync/hooks/use-session';
import { clientOptOutCounts } from '../../sync/optouts';
import { downloadBytes } from '../../ui/download';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { noteExport } from '../../sync/security';
import { AddNumbers } from './add-numbers';
import { PersonDataSection } from './person-data-section';
import { RemoveDialog } from './remove-dialog';
import { formatNumber } from '../../domain/numbers/number-format';

const PAGE = 20;
const count = (n: number) => formatNumber(n);
const reasonLabel = (reason: string) => OPT_OUT_REASON_LABELS[reason as OptOutReason] ?? reason;
const dateOf = (iso: string) => (iso ? formatAccra(iso, 'yyyy-MM-dd HH:mm') : '');

/** The Opt-outs page (docs/compliance.md): the list with search, add by hand or from Excel, export, remove with a reason. */
export function OptOutsScreen() {
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.user.isAdmin;
  const state = useOptOuts();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<OptOutAnswer | null>(null);
  const all = useMemo(() => [...(state.list?.optouts ?? [])].reverse(), [state.list]);
  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    if (!wanted) return all;
    const digits = /^[\d\s+().-]+$/.test(wanted) ? canonicalPhone(wanted).replace(/^233/, '') : '';
    return all.filter(
      (o) =>
        o.number.includes(wanted) ||
        (digits !== '' && o.number.includes(digits)) ||
        reasonLabel(o.reason).toLowerCase().includes(wanted) ||
        o.note.toLowerCase().includes(wanted),
    );
  }, [all, search]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PAGE, current * PAGE);
  const exporting = useAction('The opt-out list could not be written. Please try again');

  const exportList = () =>
    exporting.run(async () => {
      const bytes = await buildOptOutsExport(
        all.map((o) => ({ number: o.number, reason: reasonLabel(o.reason), date: dateOf(o.created_at) })),
      );
      downloadBytes(bytes, 'opt-outs.xlsx');
      noteExport('optouts', all.length);
    });

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Opt-outs
      </Title>
      <Text size="sm" c="dimmed">
        Numbers on this list receive nothing more from your account, by any kind of send, and are never charged. People
        add themselves with the opt-out link or by replying STOP; you can add numbers too.
      </Text>
      {state.error &&
        (state.error.offline ? (
          <OfflineNote online={online}>
            {state.list
              ? 'This is the list as last stored on this device'
              : 'The list will load when you are back online'}
          </OfflineNote>
        ) : (
          <Alert color="red" variant="light" role="status">
            {state.error.message}
          </Alert>
        ))}
      <AddNumbers disabled={!online} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search"
          placeholder="Number or reason"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
        />
        <Button variant="light" onClick={() => void exportList()} loading={exporting.busy} disabled={all.length === 0}>
          Export to Excel
        </Button>
      </Group>
      <Text size="sm" data-testid="optout-count">
        {count(shown.length)} of {count(all.length)} {all.length === 1 ? 'number' : 'numbers'}
      </Text>
      <OptOutsTable
        rows={rows}
        online={online}
        onRemove={setRemoving}
        empty={
          state.list === undefined || (state.loading && !state.list)
            ? 'Loading the opt-out list'
            : all.length === 0
              ? 'No one has opted out of your messages'
              : 'No opt-outs match.'
        }
      />
      {pages > 1 && <PageNumbers total={pages} value={current} onChange={setPage} />}
      <PersonDataSection online={online} />
      {isAdmin && online && <ClientCounts />}
      {removing && <RemoveDialog optOut={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}

/** A page of the list; each number may be removed (online), and `empty` says why no row shows. */
function OptOutsTable({
  rows,
  online,
  onRemove,
  empty,
}: {
  rows: OptOutAnswer[];
  online: boolean;
  onRemove: (optOut: OptOutAnswer) => void;
  empty: string;
}) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Opt-outs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{displayPhone(o.number)}</Table.Td>
              <Table.Td>{reasonLabel(o.reason)}</Table.Td>
              <Table.Td>{dateOf(o.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={!online}
                  onClick={() => onRemove(o)}
                  aria-label={`Remove ${displayPhone(o.number)}`}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An admin's clients and how many opt-outs each has (online only: fetched when shown). */
function ClientCounts() {
  const [clients, setClients] = useState<ClientOptOutsAnswer['clients'] | null>(null);
  useEffect(() => {
    let live = true;
    clientOptOutCounts().then(
      (answer) => live && setClients(answer),
      () => live && setClients(null),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!clients) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Your clients&apos; opt-outs
      </Title>
      {clients.length === 0 ? (
        <Text size="sm" c="dimmed">
          None of your clients has opt-outs yet
        </Text>
      ) : (
        <Table withTableBorder aria-label="Clients' opt-outs">
          <Table.Tbody>
            {clients.map((c) => (
              <Table.Tr key={c.profile_id}>
                <Table.Td>{c.username}</Table.Td>
                <Table.Td>{count(c.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
