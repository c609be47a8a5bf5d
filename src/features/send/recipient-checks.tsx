import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { repeatsDroppedNote, repeatsKeptWarning } from '../../domain/numbers/number-screen';
import { displayPhone } from '../../domain/numbers/phone-number';
import { countText } from '../../domain/plural';
import { OUT_OF_RANGE_PARTS, smsPartsLabel } from '../../domain/messages/sms';
import { SetAsideRows } from './set-aside-rows';
import type { SendPlan } from './use-send-plan';

type Props = { plan: SendPlan; personalized: boolean };

/**
 * What the form found in the numbers before sending (docs/product.md#phone-numbers): a birthday send's contacts or rows
 * without a birthday (docs/product.md#birthdays), numbers set aside, a regular
 * send's repeats (sent once), a personalized send's numbers that repeat (each row sent).
 */
export function NumberChecks({ plan, personalized }: Props) {
  return (
    <>
      {plan.noBirthday && (
        <Alert color="yellow" variant="light" data-testid="no-birthday">
          {plan.noBirthday.note}
        </Alert>
      )}
      {plan.setAside.length > 0 && <SetAsideRows rows={plan.setAside} fileName="numbers" typed />}
      {!personalized && plan.duplicates > 0 && (
        <Text size="sm" c="dimmed" data-testid="repeats-dropped">
          {repeatsDroppedNote(plan.duplicates)}
        </Text>
      )}
      {personalized && plan.repeated.length > 0 && (
        <Alert color="yellow" variant="light" data-testid="repeats-kept">
          {repeatsKeptWarning(plan.repeated.map(displayPhone))}
        </Alert>
      )}
    </>
  );
}

/** A personalized send's first texts as they will go, each with its parts (docs/product.md#personalisation). */
export function PersonalizedPreview({ plan, personalized }: Props) {
  if (!personalized || plan.preview.length === 0) return null;
  return (
    <Stack gap={6} aria-label="Preview of the first messages" role="region">
      <Text size="sm" fw={600}>
        Preview: the first {plan.preview.length === 1 ? 'message' : `${plan.preview.length} messages`} as they will go
      </Text>
      {plan.preview.map((p, i) => (
        <Paper key={i} withBorder p="xs" radius="sm" data-testid="preview-text">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" fw={600}>
              To {displayPhone(p.number)}
            </Text>
            <Text size="xs" c="dimmed">
              {p.count.parts >= OUT_OF_RANGE_PARTS ? smsPartsLabel(p.count.parts) : countText(p.count.parts, 'part')} ·{' '}
              {p.count.unicode ? 'unicode' : 'GSM'}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {p.text}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
