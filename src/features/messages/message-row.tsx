import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { deliveryCounts, recipientCount, submissionInProgress } from '../../domain/message-summary';
import { SUBMISSION_IN_PROGRESS } from '../../domain/alerts';
import { recurringDisplay, isRecurringPeriod } from '../../domain/recurring';

const number = new Intl.NumberFormat('en-US');
export const ROW_HEIGHT = 132;

type Data = Record<string, unknown>;
const text = (data: Data, key: string): string =>
  typeof data[key] === 'string' ? (data[key] as string) : data[key] == null ? '' : String(data[key]);
const num = (data: Data, key: string): number =>
  typeof data[key] === 'number' ? (data[key] as number) : Number(data[key]) || 0;

function Header({ title, time }: { title: string; time: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fw={600} size="sm" truncate style={{ minWidth: 0 }}>
        {title}
      </Text>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {time}
      </Text>
    </Group>
  );
}

function Meta({ data, showAuthor, extra }: { data: Data; showAuthor: boolean; extra?: string }) {
  const count = recipientCount(data);
  const parts = [
    `From ${text(data, 'sourceAddress') || '—'}`,
    `${number.format(count)} ${count === 1 ? 'recipient' : 'recipients'}`,
    extra,
    showAuthor && text(data, 'username') ? `by ${text(data, 'username')}` : '',
  ];
  return (
    <Text size="xs" c="dimmed" truncate>
      {parts.filter(Boolean).join(' · ')}
    </Text>
  );
}

/** A sent message on a dashboard: campaign, text, sender, recipients and how many were sent, failed or are pending. */
export function BulkMessageRow({ data, showAuthor, onOpen }: { data: Data; showAuthor: boolean; onOpen: () => void }) {
  const counts = deliveryCounts(data);
  const inProgress = submissionInProgress(data);
  const title = text(data, 'messageDescription') || text(data, 'messageType') || 'Message';
  return (
    <Paper withBorder radius="md" h={ROW_HEIGHT - 10} style={{ overflow: 'hidden' }}>
      <UnstyledButton
        onClick={onOpen}
        p="sm"
        w="100%"
        h="100%"
        aria-label={`Open ${title}, sent ${formatAccra(text(data, 'messageSentTime'))}`}
      >
        <Header title={title} time={formatAccra(text(data, 'messageSentTime'))} />
        <Text size="sm" truncate mt={2}>
          {text(data, 'shortMessage')}
        </Text>
        <Meta data={data} showAuthor={showAuthor} extra={`${num(data, 'messagecount') || 1} SMS each`} />
        <Group gap={6} mt={6} wrap="nowrap">
          {inProgress ? (
            <Badge color="blue" variant="light" size="sm">
              {SUBMISSION_IN_PROGRESS}
            </Badge>
          ) : null}
          <Badge color="teal.9" variant="outline" size="sm">
            Sent {number.format(counts.sent)}
          </Badge>
          <Badge color="red.9" variant="outline" size="sm">
            Failed {number.format(counts.failed)}
          </Badge>
          <Badge color="gray.8" variant="outline" size="sm">
            Pending {number.format(counts.pending)}
          </Badge>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

type ScheduledRowProps = {
  data: Data;
  showAuthor: boolean;
  recurring: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
};

/** A scheduled, birthday or recurring registration; edit and delete only in the personal view (SPEC 2). */
export function ScheduledMessageRow({ data, showAuthor, recurring, onEdit, onDelete }: ScheduledRowProps) {
  const title = text(data, 'messageDescription') || text(data, 'messageType') || 'Message';
  const period = text(data, 'recurringPeriod');
  const repeat =
    recurring && isRecurringPeriod(period)
      ? `every ${recurringDisplay(period, num(data, 'recurringInterval'))}`
      : undefined;
  const next = formatAccra(text(data, 'expectedDeliveryTime'));
  return (
    <Paper withBorder radius="md" h={ROW_HEIGHT - 10} p="sm" style={{ overflow: 'hidden' }}>
      <Header title={title} time={next ? `${recurring ? 'Next' : 'Due'} ${next}` : ''} />
      <Text size="sm" truncate mt={2}>
        {text(data, 'shortMessage')}
      </Text>
      <Meta data={data} showAuthor={showAuthor} extra={repeat} />
      <Group gap={6} mt={6} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          Registered {formatAccra(text(data, 'messageRegistrationTime'))}
        </Text>
        {(onEdit || onDelete) && (
          <Group gap={4} wrap="nowrap">
            {onEdit && (
              <ActionIcon variant="subtle" aria-label={`Edit ${title}`} onClick={onEdit}>
                <EditIcon />
              </ActionIcon>
            )}
            {onDelete && (
              <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${title}`} onClick={onDelete}>
                <DeleteIcon />
              </ActionIcon>
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function EditIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

function DeleteIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  );
}
