import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { campaignTitle } from '../../domain/messages/message-kinds';
import {
  deliveryCounts,
  recipientCount,
  submissionInProgress,
  type CountedMessage,
} from '../../domain/messages/message-summary';
import { numberFormat } from '../../domain/numbers/number-format';
import { SUBMISSION_IN_PROGRESS } from '../../domain/alerts';
import { recurringDisplay, isRecurringPeriod } from '../../domain/messages/recurrence';
import type { BulkMessage, ScheduledMessage } from '../../api/list-api';

const number = numberFormat();
export const ROW_HEIGHT = 132;

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

/** A personalized send shows its template, named so (shortMessage is its first recipient's text). */
const shownText = (data: Pick<ScheduledMessage, 'shortMessage' | 'template'>) =>
  data.template === undefined ? data.shortMessage : `Template: ${data.template}`;

// What both kinds of row show under the text: sender, recipients (the gateway's count when given), author.
type MetaData = Pick<ScheduledMessage, 'sourceAddress' | 'username'> & CountedMessage;
type MetaProps = { data: MetaData; showAuthor: boolean; extra?: string | undefined };

function Meta({ data, showAuthor, extra }: MetaProps) {
  const count = recipientCount(data);
  const parts = [
    `From ${data.sourceAddress || '—'}`,
    `${number.format(count)} ${count === 1 ? 'recipient' : 'recipients'}`,
    extra,
    showAuthor && data.username ? `by ${data.username}` : '',
  ];
  return (
    <Text size="xs" c="dimmed" truncate>
      {parts.filter(Boolean).join(' · ')}
    </Text>
  );
}

type BulkRowProps = { data: BulkMessage; showAuthor: boolean; onOpen: () => void };

/** A sent message on a dashboard: campaign, text, sender, recipients and how many were delivered, failed or are pending. */
export function BulkMessageRow({ data, showAuthor, onOpen }: BulkRowProps) {
  const counts = deliveryCounts(data);
  const inProgress = submissionInProgress(data);
  const title = campaignTitle(data);
  return (
    <Paper withBorder radius="md" h={ROW_HEIGHT - 10} style={{ overflow: 'hidden' }}>
      <UnstyledButton
        onClick={onOpen}
        p="sm"
        w="100%"
        h="100%"
        aria-label={`Open ${title}, sent ${formatAccra(data.messageSentTime)}`}
      >
        <Header title={title} time={formatAccra(data.messageSentTime)} />
        <Text size="sm" truncate mt={2}>
          {shownText(data)}
        </Text>
        <Meta data={data} showAuthor={showAuthor} extra={`${data.messagecount || 1} SMS each`} />
        <Group gap={6} mt={6} wrap="nowrap">
          {data.testSend ? (
            <Badge color="violet.9" variant="outline" size="sm">
              Test
            </Badge>
          ) : null}
          {inProgress ? (
            <Badge color="blue" variant="light" size="sm">
              {SUBMISSION_IN_PROGRESS}
            </Badge>
          ) : null}
          <Badge color="teal.9" variant="outline" size="sm">
            Delivered {number.format(counts.sent)}
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
  data: ScheduledMessage;
  showAuthor: boolean;
  recurring: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
};

/** A scheduled, birthday or recurring registration; edit and delete only in the personal view (docs/product.md#lists-and-status). */
export function ScheduledMessageRow({ data, showAuthor, recurring, onEdit, onDelete }: ScheduledRowProps) {
  const title = campaignTitle(data);
  const period = data.recurringPeriod;
  const repeat =
    recurring && isRecurringPeriod(period) ? `every ${recurringDisplay(period, data.recurringInterval)}` : undefined;
  const next = formatAccra(data.expectedDeliveryTime);
  return (
    <Paper withBorder radius="md" h={ROW_HEIGHT - 10} p="sm" style={{ overflow: 'hidden' }}>
      <Header title={title} time={next ? `${recurring ? 'Next' : 'Due'} ${next}` : ''} />
      <Text size="sm" truncate mt={2}>
        {shownText(data)}
      </Text>
      <Meta data={data} showAuthor={showAuthor} extra={repeat} />
      <Group gap={6} mt={6} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          Registered {formatAccra(data.messageRegistrationTime)}
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

/** An 18 px line icon in the text colour; its paths are the children. */
function StrokeIcon({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  );
}

function EditIcon() {
  return (
    <StrokeIcon>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </StrokeIcon>
  );
}

function DeleteIcon() {
  return (
    <StrokeIcon>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </StrokeIcon>
  );
}
