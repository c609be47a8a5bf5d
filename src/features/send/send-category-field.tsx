import { Alert, Radio, Group, Stack, Text } from '@mantine/core';
import { fromAccraWallTime } from '../../domain/dates';
import {
  hasQuietHours,
  heldSendNote,
  heldUntil,
  type QuietHours,
  type SendCategory,
} from '../../domain/send/quiet-hours';
import type { SendFormApi } from './use-send-form';
import { useNow } from '../../ui/use-now';

/** When the send's (first) delivery is due: now, or the scheduled or recurring time picked; null for birthdays. */
function dueAt(fields: SendFormApi['fields'], now: number): number | null {
  if (fields.messageType === 'quick') return now;
  if (fields.messageType === 'birthday' || !fields.date) return null;
  const at = fromAccraWallTime(fields.date).getTime();
  return Number.isNaN(at) ? null : at;
}

/**
 * Promotional or transactional, shown to an account with quiet hours: a promotional send due inside them
 * waits, and the form says until when; a transactional one (codes, receipts) always goes out at once.
 */
export function SendCategoryField({ form: { fields, set }, quiet }: { form: SendFormApi; quiet: QuietHours }) {
  const now = useNow();
  if (!hasQuietHours(quiet)) return null;
  const due = dueAt(fields, now);
  const until = due === null ? null : heldUntil(quiet, fields.category, due);
  return (
    <Stack gap={6}>
      <Radio.Group
        label="Kind of message"
        description="Your quiet hours hold promotional messages; transactional ones (codes, receipts) always go out at once"
        value={fields.category}
        onChange={(value) => set('category', value as SendCategory)}
      >
        <Group gap="md" mt={4}>
          <Radio value="promotional" label="Promotional" />
          <Radio value="transactional" label="Transactional" />
        </Group>
      </Radio.Group>
      {until !== null && (
        <Alert color="blue" variant="light" p="xs" data-testid="quiet-hours-note">
          <Text size="sm">{heldSendNote(until)}</Text>
        </Alert>
      )}
      {until === null && fields.messageType === 'birthday' && fields.category === 'promotional' && (
        <Text size="xs" c="dimmed">
          Birthday messages due in your quiet hours go out when they end.
        </Text>
      )}
    </Stack>
  );
}
