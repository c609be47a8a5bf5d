import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Center, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIST_HEIGHT } from '../../domain/constants';
import { matchesSearch } from '../../domain/search';
import type { CreditListName } from '../../api/list-api';
import type { StoredListItem } from '../../db/app-db';
import { useList } from '../../sync/hooks/use-list';
import { useSession } from '../../sync/hooks/use-session';
import { useOnline } from '../../ui/use-online';
import { VirtualList } from '../../ui/virtual-list';
import { CLIENT_PAYMENT_ROW_HEIGHT, PAYMENT_ROW_HEIGHT, PaymentRow } from './payment-row';

export const OFFLINE_HISTORY_NOTE = 'You are offline: this is the history stored on this device';
const TITLE = 'SMS credits purchase history';
const NO_PURCHASES = 'You have not bought any SMS credits yet';
const NO_CLIENT_PURCHASES = 'Your clients have not bought any SMS credits yet';

/** SPEC 2: /credithistory is the own history; /clientcredithistory the tab pair P (own) and C (clients', admins). */
export function CreditHistoryScreen({ tabs = false }: { tabs?: boolean }) {
  const session = useSession();
  const [tab, setTab] = useState<'P' | 'C'>('P');
  if (session.status !== 'signed-in') return null;
  const showTabs = tabs && session.user.isAdmin;
  const list: CreditListName = showTabs && tab === 'C' ? 'credit-client' : 'credit-own';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        {showTabs && (
          <SegmentedControl
            aria-label="Whose history"
            value={tab}
            onChange={(next) => setTab(next as 'P' | 'C')}
            data={[
              { value: 'P', label: 'P' },
              { value: 'C', label: 'C' },
            ]}
          />
        )}
      </Group>
      {showTabs && (
        <Text size="sm" c="dimmed">
          {tab === 'P' ? 'P: your own purchases' : 'C: your clients’ purchases'}
        </Text>
      )}
      {/* Keyed so switching tabs starts that list afresh, with its own search. */}
      <History key={list} list={list} />
    </Stack>
  );
}

function History({ list: name }: { list: CreditListName }) {
  const list = useList(name);
  const online = useOnline();
  const [search, setSearch] = useState(list.state?.search ?? '');
  const [debounced] = useDebouncedValue(search, 400);
  const { search: searchList, loadMore } = list;
  const client = name === 'credit-client';

  // The gateway searches what the device does not hold; stored rows are filtered here at once.
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      if (debounced === (list.state?.search ?? '')) return;
    }
    searchList(debounced);
  }, [debounced, searchList, list.state?.search]);

  const rows = useMemo(() => (list.rows ?? []).filter((row) => matchesSearch(row.data, search)), [list.rows, search]);
  const footer =
    list.status === 'loading' ? (
      <Center py="sm">
        <Loader size="sm" aria-label="Loading more" />
      </Center>
    ) : list.endText ? (
      <Stack gap={4} align="center" py="sm">
        {rows.length === 0 && !search.trim() && <Text size="sm">{client ? NO_CLIENT_PURCHASES : NO_PURCHASES}</Text>}
        <Text c="dimmed" size="sm">
          {list.endText}
        </Text>
      </Stack>
    ) : null;

  return (
    <>
      <TextInput
        label="Search"
        placeholder="Search purchases"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      {(list.offline || !online) && (
        <Alert color="yellow" variant="light" py="xs" role="status">
          {OFFLINE_HISTORY_NOTE}
        </Alert>
      )}
      {list.status === 'error' && !list.offline && online && (
        <Alert color="red" variant="light" py="xs">
          The history could not be loaded; showing what is stored on this device.
        </Alert>
      )}
      <VirtualList
        items={rows}
        rowHeight={client ? CLIENT_PAYMENT_ROW_HEIGHT : PAYMENT_ROW_HEIGHT}
        height={LIST_HEIGHT}
        itemKey={(row: StoredListItem<CreditListName>) => row.itemId}
        renderItem={(row) => <PaymentRow data={row.data} client={client} />}
        onEndReached={list.status === 'idle' && online ? loadMore : undefined}
        footer={footer}
        label={TITLE}
      />
    </>
  );
}
