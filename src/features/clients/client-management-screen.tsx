import { useEffect, useRef } from 'react';
import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import { canApproveSenderIds, canExportNumbers, canGiveCreditByRate } from '../../domain/account/permissions';
import { useClientList } from '../../sync/hooks/use-client-list';
import { useSession } from '../../sync/hooks/use-session';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { ClientsCard } from './clients-card';
import { GiveCreditCard } from './give-credit-card';
import { NumbersCard } from './numbers-card';
import { PendingSenderIdsCard } from './pending-sender-ids-card';

const CLIENTS_OFFLINE_NOTE =
  'This is the client list stored on this device. Giving credit and deciding sender IDs need a connection';

/** Client management, for admins (docs/product.md#client-management): credit giving, pending sender IDs, the clients, the exports. */
export function ClientManagementScreen() {
  const session = useSession();
  const clients = useClientList();
  const online = useOnline();
  const { refresh } = clients;
  const wasOnline = useRef(online);
  // Back online: the stored list is fetched again.
  useEffect(() => {
    if (online && !wasOnline.current) refresh();
    wasOnline.current = online;
  }, [online, refresh]);
  if (session.status !== 'signed-in') return null;
  const { user } = session;
  const list = clients.list;
  const offline = !online || clients.error?.offline === true;
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Client management
        </Title>
        {clients.loading && <Loader size="sm" aria-label="Loading clients" />}
      </Group>
      {offline && <OfflineNote online={online}>{CLIENTS_OFFLINE_NOTE}</OfflineNote>}
      {!offline && clients.error && (
        <Alert color="red" variant="light" role="alert">
          {clients.error.message}
        </Alert>
      )}
      <GiveCreditCard user={user} clients={list?.users ?? []} byRate={canGiveCreditByRate(user)} online={online} />
      <PendingSenderIdsCard
        users={list?.users ?? []}
        platformWide={list?.pending ?? []}
        viewerId={user.profile_id}
        isPlatform={canApproveSenderIds(user)}
        canDecide={canApproveSenderIds(user)}
        online={online}
      />
      <ClientsCard clients={list?.users ?? []} known={list !== undefined && list !== null} />
      {canExportNumbers(user) && <NumbersCard online={online} />}
    </Stack>
  );
}
