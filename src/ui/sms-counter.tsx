import { Badge, Group, Stack, Text } from '@mantine/core';
import { counterNote, type CharacterCount } from '../domain/messages/character-count';

type Props = { count: CharacterCount; personalized: boolean };

/** The send form's character and part counter and the unicode flag (docs/product.md#the-send-form). */
export function SmsCounter({ count, personalized }: Props) {
  const note = counterNote(count);
  return (
    <Stack gap={2}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="sms-counter">
          {count.characters} / {count.limit} characters · {count.label} {count.parts === 1 ? 'message' : 'messages'}
          {personalized ? ' (before fields are filled in)' : ''}
        </Text>
        <Badge color={count.unicode ? 'orange.9' : 'gray.7'} variant="outline" data-testid="unicode-flag">
          Unicode {count.unicode ? 'on' : 'off'}
        </Badge>
      </Group>
      {note && (
        <Text size="xs" c="dimmed" data-testid="encoding-note">
          {note}
        </Text>
      )}
    </Stack>
  );
}
