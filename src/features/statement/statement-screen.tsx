import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { formatAccra } from '../../domain/dates';
import { MONTH_PATTERN, addsUp, monthLabel, monthOf } from '../../domain/money/statement';
import { useSession } from '../../sync/hooks/use-session';
import { buildStatementExport } from '../../excel/export-file';
import { emitAlert } from '../../notify/alerts-bus';
import { downloadBytes } from '../../ui/download';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import type { StatementAnswer } from '../../api/statement-api';
import { ClientPicker, MonthPicker } from './statement-pickers';
import { StatementEntries } from './statement-entries';
import { StatementLines } from './statement-lines';
import { StatementMembers } from './statement-members';
import { statementHref } from '../../domain/navigation/app-paths';
import { useStatement } from './use-statement';

export const STATEMENT_NOT_KEPT =
  'This statement is not kept on this device: it shows once opened with a connection. The last months viewed are kept.';

/** Whose and which month, from the address (?month=YYYY-MM&client=id): a link opens a client's month. */
function useChoice(now: number) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH_PATTERN.test(asked) ? asked : monthOf(now);
  const client = Number(params.get('client'));
  const clientId = Number.isSafeInteger(client) && client > 0 ? client : null;
  const choose = (next: { month?: string; clientId?: number | null }) =>
    setParams(new URLSearchParams(statementHref(next.month ?? month, next.clientId ?? null).split('?')[1] ?? ''), {
      replace: true,
    });
  return { month, clientId, choose };
}

/** The Statement screen (docs/product.md#statements): a month of credit in lines and changes, to Excel. */
export function StatementScreen() {
  const session = useSession();
  const online = useOnline();
  const [now] = useState(() => Date.now());
  const { month, clientId, choose } = useChoice(now);
  const stored = useStatement(month, clientId);
  if (session.status !== 'signed-in') return null;
  const isAdmin = Boolean(session.user.isAdmin);
  const copy = stored.list;
  const offline = !online || stored.error?.offline === true;
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Statement
        </Title>
        {stored.loading && <Loader size="sm" aria-label="Loading the statement" />}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MonthPicker now={now} month={month} onChange={(m) => choose({ month: m, clientId })} />
        {isAdmin && <ClientPicker clientId={clientId} onChange={(c) => choose({ month, clientId: c })} />}
        {copy && <ExportButton statement={copy.statement} />}
      </Group>
      {offline && copy === null && <OfflineNote online={online}>{STATEMENT_NOT_KEPT}</OfflineNote>}
      {!offline && stored.error && (
        <Alert color="red" variant="light" role="alert">
          {stored.error.message}
        </Alert>
      )}
      {copy && (
        <>
          <Text size="sm" c="dimmed" data-testid="statement-heading">
            {monthLabel(copy.statement.month)} · {copy.statement.account.username} ·{' '}
            {offline ? 'Stored on this device: ' : 'As of '}
            {formatAccra(copy.fetchedAt)}
          </Text>
          {!addsUp(copy.statement) && (
            <Alert color="red" variant="light" role="alert">
              These lines do not add up to the closing balance. Please tell your provider.
            </Alert>
          )}
          <StatementLines statement={copy.statement} />
          <StatementMembers statement={copy.statement} />
          <StatementEntries statement={copy.statement} ofClient={clientId !== null} />
        </>
      )}
    </Stack>
  );
}

function ExportButton({ statement }: { statement: StatementAnswer }) {
  const [exporting, setExporting] = useState(false);
  const write = async () => {
    setExporting(true);
    try {
      const name = `statement-${statement.account.username}-${statement.month}.xlsx`;
      downloadBytes(await buildStatementExport(statement), name);
    } catch {
      emitAlert({ message: 'The statement could not be written. Please try again', severity: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="light" onClick={() => void write()} loading={exporting}>
      Export to Excel
    </Button>
  );
}
