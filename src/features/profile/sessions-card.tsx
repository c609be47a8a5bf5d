import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { signedInDevices, signOutDevice, signOutOtherDevices, type SessionItem } from '../../sync/security';
import { SectionCard } from '../../ui/section-card';

const when = (iso: string) => formatAccra(iso, 'd MMM yyyy, HH:mm');

/** The devices signed in to the account, this one marked; any other can be signed out (docs/product.md#signed-in-devices). */
export function SessionsCard({ online }: { online: boolean }) {
  const [sessions, setSessions] = useState<SessionItem[] | null>(null);
  const action = useAction('The signed-in devices could not be loaded. Please try again');
  const { run } = action;
  const load = useCallback(() => run(async () => setSessions(await signedInDevices())), [run]);
  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const end = async (work: () => Promise<string>) => {
    let message = '';
    if (await action.run(async () => void (message = await work()))) {
      emitAlert({ message, severity: 'success' });
      await load();
    }
  };
  const others = (sessions ?? []).filter((s) => !s.current).length;

  return (
    <SectionCard id="sessions-title" title="Signed-in devices">
      <Text size="sm" c="dimmed">
        Where your account is signed in now. Sign out any device you do not recognise, then change your password.
      </Text>
      {!online && <Text size="sm">The list needs a connection.</Text>}
      <Stack gap="xs" aria-label="Signed-in devices" role="list">
        {(sessions ?? []).map((s, index) => (
          <Paper key={s.id} withBorder p="sm" radius="sm" role="listitem" aria-label={s.device}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{s.device}</Text>
                  {s.current && (
                    <Badge color="gray.8" variant="outline">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {s.ip || 'Address unknown'} · signed in {when(s.createdAt)} · last active {when(s.lastSeenAt)}
                </Text>
              </Stack>
              {!s.current && (
                <Button
                  size="xs"
                  variant="default"
                  // Several devices may read alike: the number tells them apart for screen readers.
                  aria-label={`Sign out device ${index + 1}: ${s.device}`}
                  disabled={!online || action.busy}
                  onClick={() => void end(() => signOutDevice(s.id))}
                >
                  Sign out
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group>
        <Button
          variant="light"
          color="red"
          disabled={!online || others === 0}
          loading={action.busy}
          onClick={() => void end(signOutOtherDevices)}
        >
          Sign out all other devices
        </Button>
      </Group>
    </SectionCard>
  );
}
