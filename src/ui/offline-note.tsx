import { Alert, Text } from '@mantine/core';

const UNREACHABLE = 'The server could not be reached.';

/**
 * What a screen shows without the gateway, said once: offline, the shell's banner (offline-banner.tsx)
 * has announced it, so the note only says what it means here, quietly; with a network but no answer
 * from the server, there is no banner and the note says why.
 */
export function OfflineNote({ online, children }: { online: boolean; children: string }) {
  if (!online) {
    return (
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    );
  }
  return (
    <Alert color="yellow" variant="light" py="xs" role="status">
      {UNREACHABLE} {children}
    </Alert>
  );
}
