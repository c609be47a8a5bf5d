import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { displayPhone } from '../../domain/numbers/phone-number';
import type { Member } from '../../sync/team';
import { formatNumber } from '../../domain/numbers/number-format';

type MemberCardProps = {
  member: Member;
  /** When the list was loaded (ms): an invitation past its end by then shows as expired. */
  loadedAt: number;
  online: boolean;
  busy: boolean;
  onRoles: () => void;
  onCap: () => void;
  onResend: () => void;
  onRemove: () => void;
};

const credits = (n: number) => formatNumber(Math.round(n));

/** "Monthly cap 500 credits · 120 spent this month", or "No monthly cap · ...". */
const capLine = (member: Member) =>
  `${member.monthlyCap == null ? 'No monthly cap' : `Monthly cap ${credits(member.monthlyCap)} credits`} · ${credits(
    member.spentThisMonth ?? 0,
  )} spent this month`;

/** One member: name, phone, roles, whether they joined, and what the owner may do about them. */
export function MemberCard({ member, loadedAt, online, busy, onRoles, onCap, onResend, onRemove }: MemberCardProps) {
  const invited = member.status === 'invited';
  const expired = invited && member.inviteExpiresAt <= loadedAt;
  return (
    <Paper withBorder p="sm" radius="sm" role="listitem" aria-label={member.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{member.name}</Text>
              <Badge color={invited ? 'blue.9' : 'teal.9'} variant="outline">
                {expired ? 'Invitation expired' : invited ? 'Invited' : 'Active'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {displayPhone(member.phone)}
              {member.email ? ` · ${member.email}` : ''}
              {invited && !expired ? ` · link valid until ${formatAccra(member.inviteExpiresAt, 'd MMM, HH:mm')}` : ''}
            </Text>
            {!invited && <Text size="sm">{capLine(member)}</Text>}
            {!invited && (
              <Text size="sm" c="dimmed">
                {member.twoStep ? 'Two-step sign-in on' : 'Two-step sign-in off'}
              </Text>
            )}
          </Stack>
          <Group gap={4} aria-label={`Roles of ${member.name}`}>
            {member.roles.map((role) => (
              <Badge key={role} variant="outline" color="gray.8">
                {role}
              </Badge>
            ))}
          </Group>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!online || busy}
            onClick={onRoles}
            aria-label={`Change roles of ${member.name}`}
          >
            Change roles
          </Button>
          {!invited && (
            <Button
              size="xs"
              variant="default"
              disabled={!online || busy}
              onClick={onCap}
              aria-label={`Set the monthly cap of ${member.name}`}
            >
              Monthly cap
            </Button>
          )}
          {invited && (
            <Button
              size="xs"
              variant="default"
              disabled={!online || busy}
              onClick={onResend}
              aria-label={`Resend the invitation to ${member.name}`}
            >
              Resend invitation
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={!online || busy}
            onClick={onRemove}
            aria-label={`${invited ? 'Cancel the invitation of' : 'Remove'} ${member.name}`}
          >
            {invited ? 'Cancel invitation' : 'Remove'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
