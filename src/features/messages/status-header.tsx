import { Paper, Text } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { campaignTitle } from '../../domain/messages/message-kinds';
import { HELD_FOR_QUIET_HOURS } from '../../domain/send/quiet-hours';
import type { StatusCampaign } from '../../sync/message-status';

/** What the header shows of a message: the gateway's answer, or the device's copy of its list item meanwhile. */
export type HeaderMessage = Pick<
  StatusCampaign,
  'messageDescription' | 'messageType' | 'shortMessage' | 'sourceAddress' | 'messageSentTime' | 'username'
>;

/** The name a status page gives its message: the campaign name, else its kind. */
export const headerTitle = (message: HeaderMessage | null | undefined): string =>
  message ? campaignTitle(message) : 'Message';

/**
 * The status page's header (docs/product.md#delivery-status): the message's own name, text (a
 * personalized send's template, labelled as such), sender and time, and (client view) its author; an
 * erasure of one recipient leaves it whole.
 */
export function StatusHeader({
  message,
  template,
  showAuthor,
  heldUntil = null,
}: {
  message: HeaderMessage;
  template?: string | undefined;
  showAuthor: boolean;
  /** When the account's quiet hours end, for a delivery they hold (docs/product.md#quiet-hours). */
  heldUntil?: number | null;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="status-header">
      <Text fw={600}>{headerTitle(message)}</Text>
      {template !== undefined && (
        <Text size="xs" c="dimmed" fw={600} mt={4} data-testid="template-label">
          Message template: each recipient got it with their own values, as the table shows
        </Text>
      )}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
        {template ?? message.shortMessage}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        From {message.sourceAddress} · sent {formatAccra(message.messageSentTime)}
        {showAuthor && message.username ? ` · by ${message.username}` : ''}
      </Text>
      {heldUntil !== null && (
        <Text size="sm" c="blue.9" fw={500} mt={4} data-testid="held-note">
          {HELD_FOR_QUIET_HOURS}: it goes out at {formatAccra(heldUntil)}
        </Text>
      )}
    </Paper>
  );
}
