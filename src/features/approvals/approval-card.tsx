import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatAccra } from '../../domain/dates';
import { displayPhone } from '../../domain/numbers/phone-number';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { APPROVAL_NOTE_MAX, APPROVAL_STATE_TEXT } from '../../domain/send/approval';
import type { Approval } from '../../sync/approvals';
import { GrowingTextarea } from '../../ui/growing-textarea';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat();
const STATE_COLOR = { waiting: 'blue.9', approved: 'teal.9', rejected: 'red.9' } as const;

type ApprovalCardProps = {
  approval: Approval;
  /** Approve and Reject are offered (an approver who is not its author, online). */
  decidable: boolean;
  /** Why it cannot be decided here, said in place of the buttons (the author's own). */
  why?: string;
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject', note: string) => void;
};

/** When it goes out: now (a quick send) or its first delivery. */
const timeText = (a: Approval) =>
  a.kind === 'quick' ? 'As soon as it is approved' : `${formatAccra(a.sendAt, 'd MMM yyyy, HH:mm')} (${a.kind})`;

/** One campaign under the rule: what would go out, to whom, when, for what; and its decision or the buttons. */
export function ApprovalCard({ approval: a, decidable, why, busy, onDecide }: ApprovalCardProps) {
  const [note, setNote] = useState('');
  const more = a.recipients - a.firstNumbers.length;
  return (
    <Paper withBorder p="sm" radius="sm" role="listitem" aria-label={`Campaign by ${a.author.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {a.description || 'Campaign'} · by {a.author.name}
          </Text>
          <Badge color={STATE_COLOR[a.state]} variant="outline" data-testid="approval-state">
            {APPROVAL_STATE_TEXT[a.state]}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="approval-text">
          {a.text}
        </Text>
        <Text size="sm" c="dimmed">
          From {a.sourceAddress} · {number.format(a.recipients)} recipients · {a.parts} part{a.parts === 1 ? '' : 's'}{' '}
          each · {number.format(a.cost)} credits {a.state === 'waiting' ? 'reserved' : ''}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          To {a.firstNumbers.map(displayPhone).join(', ')}
          {more > 0 ? ` and ${number.format(more)} more` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          Goes out: {timeText(a)} · asked {formatAccra(a.createdAt, 'd MMM, HH:mm')}
        </Text>
        {a.state !== 'waiting' && (
          <Text size="sm" data-testid="approval-decision">
            {APPROVAL_STATE_TEXT[a.state]} by {a.decidedBy} on {formatAccra(a.decidedAt, 'd MMM, HH:mm')}
            {a.note ? `: “${a.note}”` : ''}
          </Text>
        )}
        {a.messageId !== null && (
          <Button
            component={Link}
            to={APP_PATHS.dashboardStatus.getHref(a.messageId)}
            variant="subtle"
            size="compact-sm"
            w="fit-content"
          >
            View its status
          </Button>
        )}
        {a.state === 'waiting' && why && (
          <Text size="sm" c="dimmed" fs="italic">
            {why}
          </Text>
        )}
        {a.state === 'waiting' && decidable && (
          <>
            <GrowingTextarea
              label="Note (optional)"
              value={note}
              maxLength={APPROVAL_NOTE_MAX}
              minRows={1}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button size="xs" color="teal.9" loading={busy} onClick={() => onDecide('approve', note)}>
                Approve
              </Button>
              <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => onDecide('reject', note)}>
                Reject
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
