import { useNow } from '../../ui/use-now';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import type { StatusFilter } from '../../domain/messages/delivery-report';
import type { StatusTotals } from '../../domain/messages/message-status';
import type { ListView as View } from '../../domain/account/permissions';
import { useProfileId } from '../../sync/hooks/use-profile-id';
import { findStoredMessage } from '../../db/list-store';
import { useStatusPage } from '../../sync/message-status';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { LIST_KINDS } from './list-kinds';
import { StatusTable } from './status-table';
import { ExportButton, ExportProgress, ExportProgressBar } from './status-export-controls';
import { ReportPlaceholder } from './report-frame';
import { StatusHeader, headerTitle } from './status-header';
import { StatusSearchFields } from './status-search';
import { TotalsGrid } from './status-totals';

// The report's charts (recharts and their styles) load only with this screen.
const MessageReport = lazy(() => import('./message-report'));

/**
 * The status page (docs/product.md#delivery-status): totals, the delivery report, search and a status
 * filter, the Mobile number / Status table a page at a time from the gateway, and (own only) the Excel export.
 */
export function StatusScreen({ view }: { view: View }) {
  const { id = '' } = useParams();
  const profileId = useProfileId();
  const list = LIST_KINDS.quick.list[view];
  const stored = useLiveQuery(
    async () => (profileId === undefined ? undefined : ((await findStoredMessage(profileId, list, id)) ?? null)),
    [profileId, list, id],
  );
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [settledSearch] = useDebouncedValue(search, 300);
  const [filter, setFilter] = useState<StatusFilter | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const status = useStatusPage(id, { page, size, search: settledSearch, filter });
  // Its own store: the export's progress re-renders its button and bar, not this screen.
  const [exportProgress] = useState(() => new ExportProgress());
  const totals = status.totals;
  const reportShown = useAfterPaint(status.rows !== null);
  const data = stored?.data;
  // The gateway's answer names the message from its own row; the device's copy of the list until then.
  const header = status.campaign ?? data;
  const title = headerTitle(header);
  // Quiet hours hold the delivery until then (docs/product.md#quiet-hours); past it, it is on its way.
  const now = useNow(30_000);
  const heldUntil = status.campaign?.heldUntil && status.campaign.heldUntil > now ? status.campaign.heldUntil : null;

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
      {header && (
        <StatusHeader message={header} template={data?.template} showAuthor={view === 'client'} heldUntil={heldUntil} />
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
            {totals && <TotalsGrid totals={totals} />}
            {totals && totals.total > 0 && <StatusReport messageKey={id} totals={totals} shown={reportShown} />}
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <StatusSearchFields
                search={search}
                onSearch={(value) => {
                  setSearch(value);
                  setPage(1);
                }}
                filter={filter}
                onFilter={(value) => {
                  setFilter(value);
                  setPage(1);
                }}
              />
              {view === 'personal' && (
                <ExportButton
                  store={exportProgress}
                  messageKey={id}
                  label={`${title}-${data?.randomAlpha ?? id}`}
                  total={totals?.total ?? 0}
                />
              )}
            </Group>
            <ExportProgressBar store={exportProgress} />
            <StatusTable
              held={heldUntil !== null}
              rows={status.rows}
              matching={status.matching}
              page={page}
              size={size}
              onPage={setPage}
              onSize={(next) => {
                setSize(next);
                setPage(1);
              }}
            />
          </>
        )
      )}
    </Stack>
  );
}

/** The delivery report's charts, once `shown` (their frame until then), drawn again when a total changes. */
function StatusReport({ messageKey, totals, shown }: { messageKey: string; totals: StatusTotals; shown: boolean }) {
  if (!shown) return <ReportPlaceholder />;
  return (
    <Suspense fallback={<ReportPlaceholder />}>
      <MessageReport
        messageKey={messageKey}
        version={`${totals.sent}-${totals.failed}-${totals.pending}-${totals.optedOut}`}
      />
    </Suspense>
  );
}

/**
 * True once `ready` has been and the page has painted since: the report's charts (their code, their
 * request and their first render) come after the rows are on screen, not before, on a slow phone.
 */
function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame that shows the rows, then a task after it.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
