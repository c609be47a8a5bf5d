import { useState } from 'react';
import { Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { LIST_HEIGHT, SEARCH_MAX_LENGTH } from '../../domain/constants';
import type { CreditListName } from '../../api/list-api';
import type { StoredListItem } from '../../db/app-db';
import { useList } from '../../sync/hooks/use-list';
import { useSession } from '../../sync/hooks/use-session';
import { useOnline } from '../../ui/use-online';
import { VirtualList } from '../../ui/virtual-list';
import { ListFooter, ListNotes } from '../../ui/list-parts';
import { useListSearch } from '../../sync/hooks/use-list-search';
import { CLIENT_PAYMENT_ROW_HEIGHT, PAYMENT_ROW_HEIGHT, PaymentRow } from './payment-row';

export const OFFLINE_HISTORY_NOTE = 'This is the history stored on this device';
const TITLE = 'SMS credits purchase history';
const NO_PURCHASES = 'You have not bought any SMS credits yet';
const NO_CLIENT_PURCHASES = 'Your clients have not bought any SMS credits yet';

/**
 * The admin's two histories (docs/product.md#credit-history): the tab pair P (its own account's) and C
 * (its clients'), each letter with the name of what it shows.
 */
const TABS = [
  { value: 'own', label: 'P: My purchases', note: 'Credits bought for your own account, and credit given to it' },
  { value: 'clients', label: 'C: Clients’ purchases', note: 'Credits your clients bought, and credit you gave them' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /credithistory is the own history; /clientcredithistory the admin's pair: its own and its clients'. */
export function CreditHistoryScreen({ tabs = false }: { tabs?: boolean }) {
  const session = useSession();
  const [tab, setTab] = useState<Tab>('own');
  if (session.status !== 'signed-in') return null;
  const showTabs = tabs && session.user.isAdmin;
  const list: CreditListName = showTabs && tab === 'clients' ? 'credit-client' : 'credit-own';
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
            onChange={(next) => setTab(next as Tab)}
            data={TABS.map(({ value, label }) => ({ value, label }))}
          />
        )}
      </Group>
      {showTabs && (
        <Text size="sm" c="dimmed">
          {TABS.find((t) => t.value === tab)?.note}
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
  const { search, setSearch, rows } = useListSearch(list);
  const { loadMore } = list;
  const client = name === 'credit-client';

  return (
    <>
      <TextInput
        label="Search"
        placeholder="Search purchases"
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      <ListNotes list={list} online={online} offlineNote={OFFLINE_HISTORY_NOTE} />
      <VirtualList
        items={rows}
        rowHeight={client ? CLIENT_PAYMENT_ROW_HEIGHT : PAYMENT_ROW_HEIGHT}
        height={LIST_HEIGHT}
        itemKey={(row: StoredListItem<CreditListName>) => row.itemId}
        renderItem={(row) => <PaymentRow data={row.data} client={client} />}
        onEndReached={list.status === 'idle' && online ? loadMore : undefined}
        footer={
          <ListFooter
            list={list}
            empty={
              rows.length === 0 &&
              !search.trim() && <Text size="sm">{client ? NO_CLIENT_PURCHASES : NO_PURCHASES}</Text>
            }
          />
        }
        label={TITLE}
      />
    </>
  );
}
