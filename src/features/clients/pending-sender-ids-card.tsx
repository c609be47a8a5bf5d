import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import type { ClientAnswer, PendingRequestAnswer } from '../../api/clients-api';
import { senderIdRequests } from '../../domain/account/client-management';
import { emitAlert } from '../../notify/alerts-bus';
import { decideClientSenderIds } from '../../sync/clients';
import { describeFailure } from '../../sync/failures';

type Props = {
  users: readonly ClientAnswer[];
  platformWide: readonly PendingRequestAnswer[];
  viewerId: number;
  isPlatform: boolean;
  /** Only profile 6 approves or rejects (docs/product.md#sender-ids). */
  canDecide: boolean;
  online: boolean;
};

/** Every pending sender ID, with Approve and Reject for profile 6 only. */
export function PendingSenderIdsCard({ users, platformWide, viewerId, isPlatform, canDecide, online }: Props) {
  const requests = senderIdRequests(users, platformWide, { profile_id: viewerId, isPlatform });
  const [busy, setBusy] = useState<string | null>(null);

  const decide = async (profileId: number, username: string, id: string, approve: boolean) => {
    setBusy(`${profileId}:${id}`);
    try {
      await decideClientSenderIds(profileId, id, approve);
      emitAlert({
        message: `Sender ID ${id} ${approve ? 'approved' : 'rejected'} for ${username}`,
        severity: 'success',
      });
    } catch (error) {
      const failure = describeFailure(error);
      emitAlert({ message: failure.message, severity: failure.severity });
    } finally {
      setBusy(null);
    }
  };

  return (
    <SectionCard id="pending-title" title="Pending sender IDs">
      {requests.length === 0 && <Text c="dimmed">No sender IDs are awaiting approval.</Text>}
      {!canDecide && requests.length > 0 && (
        <Text size="sm" c="dimmed">
          These requests are decided by the platform.
        </Text>
      )}
      {requests.map((r) => (
        <Group
          key={r.profile_id}
          justify="space-between"
          align="flex-start"
          wrap="wrap"
          gap="xs"
          aria-label={`Sender IDs requested by ${r.username}`}
          role="group"
        >
          <Stack gap={0} miw={0} style={{ flex: '1 1 200px' }}>
            <Text fw={600} truncate>
              {r.username}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {[r.companyname, r.supervisor && `client of ${r.supervisor}`].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Stack gap={6} style={{ flex: '2 1 260px' }}>
            {r.ids.map((id) => (
              <Group key={id} gap="xs" wrap="nowrap" justify="flex-end">
                {/* Dark text on the tinted badge, white on teal 9: both pass WCAG AA (the defaults read at 3.6 and 3.95:1). */}
                <Badge variant="light" color="orange" c="gray.9" size="lg" style={{ textTransform: 'none' }}>
                  {id}
                </Badge>
                {canDecide && (
                  <>
                    <Button
                      size="compact-sm"
                      color="teal.9"
                      aria-label={`Approve ${id} for ${r.username}`}
                      loading={busy === `${r.profile_id}:${id}`}
                      disabled={!online || (busy !== null && busy !== `${r.profile_id}:${id}`)}
                      onClick={() => void decide(r.profile_id, r.username, id, true)}
                    >
                      Approve
                    </Button>
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="light"
                      aria-label={`Reject ${id} for ${r.username}`}
                      disabled={!online || busy !== null}
                      onClick={() => void decide(r.profile_id, r.username, id, false)}
                    >
                      Reject
                    </Button>
                  </>
                )}
              </Group>
            ))}
          </Stack>
        </Group>
      ))}
    </SectionCard>
  );
}
