import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AUDIT_EXPORT } from '../../domain/contract/security';
import { AUDIT_ACTIONS } from '../../domain/account/audit';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { useSession } from '../../sync/hooks/use-session';
import type { AuditFilter } from '../../sync/security';
import { OfflineNote } from '../../ui/offline-note';
import { PageNumbers } from '../../ui/page-numbers';
import { useOnline } from '../../ui/use-online';
import { DayInput } from '../../ui/day-input';
import { AuditEntries } from './audit-entries';
import { EMPTY_FILTER, useAuditLog } from './use-audit-log';

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];

/** The filter's fields, checked as the audit log call reads them. */
const FILTER_SCHEMA = AUDIT_EXPORT.request.pick({ search: true, action: true, from: true, to: true });

/**
 * The audit log (docs/product.md#audit-log): who did what, when, from where. An account reads its own
 * rows, an admin its clients' too, profile 6 all; pages come from the gateway as they are asked for.
 */
export function AuditLogScreen() {
  const session = useSession();
  const online = useOnline();
  const log = useAuditLog(online);
  // The filter as typed: shown once Show is pressed.
  const draft = useForm<AuditFilter>({
    initialValues: EMPTY_FILTER,
    validate: schemaResolver(FILTER_SCHEMA, { sync: true }),
  });

  if (session.status !== 'signed-in') return null;
  const entries = log.result?.entries ?? [];
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
      <Paper withBorder p="sm" component="form" aria-label="Filter the audit log" onSubmit={draft.onSubmit(log.apply)}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, IP address, sender ID..."
            maxLength={SEARCH_MAX_LENGTH}
            {...draft.getInputProps('search')}
          />
          <Select
            label="Action"
            data={ACTION_OPTIONS}
            {...draft.getInputProps('action')}
            onChange={(v) => draft.setFieldValue('action', v ?? '')}
            allowDeselect={false}
          />
          <DayInput
            label="From"
            value={draft.values.from}
            error={draft.errors.from}
            onChange={(day) => draft.setFieldValue('from', day)}
          />
          <DayInput
            label="To"
            value={draft.values.to}
            error={draft.errors.to}
            onChange={(day) => draft.setFieldValue('to', day)}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" disabled={!online} loading={log.loading}>
            Show
          </Button>
          <Button
            variant="default"
            disabled={!online || entries.length === 0}
            loading={log.exporting}
            onClick={() => void log.exportLog()}
          >
            Export to Excel
          </Button>
        </Group>
      </Paper>
      {log.result && entries.length === 0 && <Alert color="gray">No entries match.</Alert>}
      {entries.length > 0 && (
        <>
          <AuditEntries entries={entries} />
          <PageNumbers total={log.result?.hasMore ? log.page + 1 : log.page} value={log.page} onChange={log.setPage} />
        </>
      )}
    </Stack>
  );
}
