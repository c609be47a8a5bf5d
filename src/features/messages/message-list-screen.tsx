import { lazy, Suspense, useEffect, useState } from 'react';
import { Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { LIST_HEIGHT, SEARCH_MAX_LENGTH } from '../../domain/constants';
import { balanceOf, canDeleteListItem, canEditListItem, type ListView as View } from '../../domain/account/permissions';
import { splitSenderIds } from '../../domain/messages/sender-id';
import type { ScheduledListName } from '../../api/list-api';
import type { StoredListItem, StoredUser } from '../../db/app-db';
import { useList } from '../../sync/hooks/use-list';
import { useSession } from '../../sync/hooks/use-session';
import { prefetchStatusPage } from '../../sync/status-prefetch';
import { useOnline } from '../../ui/use-online';
import { LIST_KINDS, STATUS_PATHS, isQuickRow, type MessageListKind, type MessageListName } from './list-kinds';
import { BulkMessageRow, ROW_HEIGHT, ScheduledMessageRow } from './message-row';
import { VirtualList } from '../../ui/virtual-list';
import { ListFooter, ListNotes } from '../../ui/list-parts';
import { useListSearch } from '../../sync/hooks/use-list-search';
import { useEmptyListAlert, useLiveRefresh } from './use-list-watch';
import { ByMember, MemberChoice, useMemberFilter } from './member-filter';
import { WaitingCampaignsNote } from './waiting-note';
import { OverviewPlace } from './overview-place';
import { useIdle } from '../../ui/when-idle';
import type { EditBalance } from './edit-cost';

// The dashboard's overview and its charts load only with the dashboard.
const OverviewPanel = lazy(() => import('./overview-panel'));
// The dialogs that edit or delete a scheduled send (their date picker, cost and text fields) load with the
// scheduled and recurring lists once they idle, not with the dashboard, which never shows them.
const editDialogs = () => import('./edit-message-dialog');
const EditMessageDialog = lazy(() => editDialogs().then((m) => ({ default: m.EditMessageDialog })));
const DeleteMessageDialog = lazy(() => editDialogs().then((m) => ({ default: m.DeleteMessageDialog })));

export const OFFLINE_LIST_NOTE = 'These are the messages stored on this device';
/** Offline, for a list no page of which was ever loaded on this device. */
export const NOT_KEPT_LIST_NOTE =
  'This list was not opened on this device since you signed in, so none of it is kept here. It loads when you are back online';

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
  const filter = useMemberFilter(user, view);

  useLiveRefresh(kind, rows, online, refresh);
  useEmptyListAlert(profileId, kind, view);

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
          onOpen={() => {
            // Its first rows are asked for at the tap, not once the status screen has rendered.
            prefetchStatusPage(key);
            navigate(STATUS_PATHS[view].getHref(key));
          }}
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
      <ListHeading title={info.title[view]} view={view} isAdmin={user.isAdmin} paths={info.path} />
      <MemberChoice filter={filter} />
      {kind === 'quick' && view === 'personal' && <WaitingCampaignsNote user={user} />}
      {kind === 'quick' && (
        <Suspense fallback={<OverviewPlace />}>
          <OverviewPanel view={view} memberId={filter.memberId} />
        </Suspense>
      )}
      <ByMember filter={filter} list={info.list[view]} statusHref={STATUS_PATHS[view].getHref}>
        <TextInput
          label="Search"
          placeholder="Search messages"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={480}
        />
        <ListNotes
          list={list}
          online={online}
          offlineNote={list.state && !list.state.visited ? NOT_KEPT_LIST_NOTE : OFFLINE_LIST_NOTE}
        />
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
      </ByMember>
      {kind !== 'quick' && <DialogsWhenIdle />}
      <ListDialog
        dialog={dialog}
        recurring={kind === 'recurring'}
        senderIds={senderIds}
        balance={editBalance}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

/**
 * A scheduled or recurring list fetches its dialogs' code once it idles, so a tap on Edit opens at once.
 * A component of its own: its idle state re-renders only itself, not the list.
 */
function DialogsWhenIdle() {
  const idle = useIdle();
  useEffect(() => {
    if (idle) void editDialogs().catch(() => {}); // a failure shows, and is handled, at the tap
  }, [idle]);
  return null;
}

/** The edit or delete dialog of a scheduled send, when one is open. */
function ListDialog(props: {
  dialog: Dialog;
  recurring: boolean;
  senderIds: readonly string[];
  balance: EditBalance;
  onClose: () => void;
}) {
  const { dialog, recurring, onClose } = props;
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.type === 'edit' ? (
        <EditMessageDialog
          data={dialog.row.data}
          recurring={recurring}
          senderIds={props.senderIds}
          balance={props.balance}
          onClose={onClose}
        />
      ) : (
        <DeleteMessageDialog
          data={dialog.row.data}
          recurring={recurring}
          messageId={dialog.row.itemId}
          onClose={onClose}
        />
      )}
    </Suspense>
  );
}

/** The list's title, and for an admin the switch between own messages and clients'. */
function ListHeading(props: { title: string; view: View; isAdmin: boolean; paths: Record<View, string> }) {
  const navigate = useNavigate();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {props.title}
      </Title>
      {props.isAdmin && (
        <SegmentedControl
          aria-label="Whose messages"
          value={props.view}
          onChange={(next) => navigate(props.paths[next as View])}
          data={[
            { value: 'personal', label: 'Personal' },
            { value: 'client', label: 'Client' },
          ]}
        />
      )}
    </Group>
  );
}
