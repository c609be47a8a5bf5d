import type { ReactNode } from 'react';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { OfflineNote } from './offline-note';

type Loading = { status: 'idle' | 'loading' | 'done' | 'error'; endText: string | null; offline: boolean };

/** Under a list: a spinner while a page loads, else 'Data fetch completed' (with `empty` above it when given). */
export function ListFooter({ list, empty }: { list: Loading; empty?: ReactNode }) {
  if (list.status === 'loading') {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label="Loading more" />
      </Center>
    );
  }
  if (!list.endText) return null;
  return (
    <Stack gap={4} align="center" py="sm">
      {empty}
      <Text c="dimmed" size="sm">
        {list.endText}
      </Text>
    </Stack>
  );
}

/** Above a list: offline, it shows what the device holds and says so; a failed load says the same. */
export function ListNotes({ list, online, offlineNote }: { list: Loading; online: boolean; offlineNote: string }) {
  return (
    <>
      {(list.offline || !online) && <OfflineNote online={online}>{offlineNote}</OfflineNote>}
      {list.status === 'error' && !list.offline && online && (
        <Alert color="red" variant="light" py="xs">
          The list could not be loaded; showing what is stored on this device.
        </Alert>
      )}
    </>
  );
}
