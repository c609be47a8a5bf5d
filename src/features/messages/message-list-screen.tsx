import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { countListRows, readListState } from '../../db/list-store';
import { useNavigate } from 'react-router-dom';
import { LIST_HEIGHT, SEARCH_MAX_LENGTH } from '../../domain/constants';
import { balanceOf, canDeleteListItem, canEditListItem, type ListView as View } from '../../domain/account/permissions';
import { alertDurationMs } from '../../domain/alerts';
import { splitSenderIds } from '../../domain/messages/sender-id';
import { deliveryCounts, submissionInProgress } from '../../domain/messages/message-summary';
import type { ScheduledListName } from '../../api/list-api';
import type { StoredListItem, StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useList } from '../../sync/hooks/use-list';
import { useSession } from '../../sync/hooks/use-session';
import { useOnline } from '../../ui/use-online';
import { DeleteMessageDialog, EditMessageDialog } from './edit-message-dialog';
import { LIST_KINDS, STATUS_PATHS, isQuickRow, type MessageListKind, type MessageListName } from './list-kinds';
import { BulkMessageRow, ROW_HEIGHT, ScheduledMessageRow } from './message-row';
import { VirtualList } from '../../ui/virtual-list';
import { ListFooter, ListNotes } from '../../ui/list-parts';
import { useListSearch } from '../../sync/hooks/use-list-search';

// The dashboard's overview and its charts load only with the dashboard.
const OverviewPanel = lazy(() => import('./overview-panel'));

export const OFFLINE_LIST_NOTE = 'These are the messages stored on this device';
const LIVE_REFRESH_MS = 5000;

type Props = { kind: MessageListKind; view: View };

/** The lists (docs/product.md#lists-and-status): dashboards, scheduled and recurring lists, own and clients'. */
export function MessageListScreen({ kind, view }: Props) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  // Keyed so switching Personal/Client starts the list afresh.
  return <MessageList key={`${kind}-${view}`} kind={kind} view={view} user={session.user} />;
}

type Dialog = { type: 'edit' | 'delete'; row: StoredListItem<ScheduledListName> } | null;

function MessageList({ kind, view, user }: Props & { user: StoredUser }) {
  const info = LIST_KINDS[kind];
  const profileId = user.profile_id;
  const list = useList(info.list[view]);
  const online = useOnline();
  const navigate = useNavigate();
  const { search, setSearch, rows } = useListSearch(list);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { refresh, loadMore } = list;

  // Delivery reports arrive by the second: while a message near the top is still going, look again.
  const live =
    kind === 'quick' &&
    rows
      .slice(0, 20)
      .some((r) => isQuickRow(r) && (deliveryCounts(r.data).pending > 0 || submissionInProgress(r.data)));
  useEffect(() => {
    if (!live || !online) return;
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, online, refresh]);

  // An empty scheduled or recurring list says so (20 s on the all-recurring list).
  const emptyShown = useRef(false);
  const empty = useLiveQuery(async () => {
    // State and rows read together: they are written in one transaction, so they never disagree here.
    const state = await readListState(profileId, info.list[view]);
    return (
      state.visited && state.done && state.search === '' && (await countListRows(profileId, info.list[view])) === 0
    );
  }, [profileId, info, view]);
  useEffect(() => {
    if (!empty || !info.empty || emptyShown.current) return;
    emptyShown.current = true;
    emitAlert({
      message: info.empty,
      severity: 'info',
      durationMs: alertDurationMs(kind === 'recurring' && view === 'client'),
    });
  }, [empty, info.empty, kind, view]);

  const senderIds = splitSenderIds(user.senderidapproved);
  const account = balanceOf(user);
  const editBalance = { amount: account.amount, local: account.unit === 'credits' };
  const render = (row: StoredListItem<MessageListName>) => {
    if (isQuickRow(row)) {
      const key = row.data.randomAlpha || row.itemId;
      return (
        <BulkMessageRow
          data={row.data}
          showAuthor={user.isAdmin}
          onOpen={() => navigate(STATUS_PATHS[view].getHref(key))}
        />
      );
    }
    return (
      <ScheduledMessageRow
        data={row.data}
        showAuthor={user.isAdmin}
        recurring={kind === 'recurring'}
        onEdit={canEditListItem(view) ? () => setDialog({ type: 'edit', row }) : undefined}
        onDelete={canDeleteListItem(view) ? () => setDialog({ type: 'delete', row }) : undefined}
      />
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {info.title[view]}
        </Title>
        {user.isAdmin && (
          <SegmentedControl
            aria-label="Whose messages"
            value={view}
            onChange={(next) => navigate(info.path[next as View])}
            data={[
              { value: 'personal', label: 'Personal' },
              { value: 'client', label: 'Client' },
            ]}
          />
        )}
      </Group>
      {kind === 'quick' && (
        <Suspense fallback={null}>
          <OverviewPanel view={view} />
        </Suspense>
      )}
      <TextInput
        label="Search"
        placeholder="Search messages"
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      <ListNotes list={list} online={online} offlineNote={OFFLINE_LIST_NOTE} />
      <VirtualList
        items={rows}
        rowHeight={ROW_HEIGHT}
        height={LIST_HEIGHT}
        itemKey={(row) => row.itemId}
        renderItem={render}
        onEndReached={list.status === 'idle' && online ? loadMore : undefined}
        footer={<ListFooter list={list} />}
        label={info.title[view]}
      />
      {dialog?.type === 'edit' && (
        <EditMessageDialog
          data={dialog.row.data}
          recurring={kind === 'recurring'}
          senderIds={senderIds}
          balance={editBalance}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'delete' && (
        <DeleteMessageDialog
          title={(dialog.row.data.messageDescription || dialog.row.data.shortMessage || 'this message').slice(0, 60)}
          recurring={kind === 'recurring'}
          messageId={dialog.row.itemId}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
