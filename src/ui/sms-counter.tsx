import { Badge, Group, Text } from '@mantine/core';
import { smsPartLimit, type SmsCount } from '../domain/messages/sms';

type Props = { count: SmsCount; personalized: boolean };

/** The send form's character and part counter and the unicode flag (docs/product.md#the-send-form). */
export function SmsCounter({ count, personalized }: Props) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm" data-testid="sms-counter">
        {count.length} / {smsPartLimit(count.parts)} characters · {count.label}{' '}
        {count.parts === 1 ? 'message' : 'messages'}
        {personalized ? ' (before fields are filled in)' : ''}
      </Text>
      <Badge color={count.unicode ? 'orange.9' : 'gray.7'} variant="outline" data-testid="unicode-flag">
        Unicode {count.unicode ? 'on' : 'off'}
      </Badge>
    </Group>
  );
}
