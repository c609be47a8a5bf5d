import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';

type Props = {
  /** The account's own number, where the test goes. */
  ownPhone: string;
  /** Sends it; resolves once the gateway answered (the alert says how it went). */
  onSend: () => Promise<unknown>;
  /** Why it cannot be sent now (offline, no text, no sender), or null. */
  blocked: string | null;
  /** Whose values fill the placeholders, said beside the button. */
  filledFrom?: string;
};

/** "Send a test to me" (docs/product.md#a-test-to-yourself): the text to the signed-in person's own phone. */
export function TestToSelfButton({ ownPhone, onSend, blocked, filledFrom }: Props) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await onSend();
    } finally {
      setBusy(false);
    }
  };
  const where = ownPhone ? `Goes to your phone ${ownPhone}, charged as one message` : 'Your profile has no phone';
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button variant="default" onClick={() => void send()} loading={busy} disabled={blocked !== null || !ownPhone}>
        Send a test to me
      </Button>
      <Text size="xs" c="dimmed" data-testid="test-to-self-note">
        {blocked ?? `${where}${filledFrom ? `; fields filled from ${filledFrom}` : ''}`}
      </Text>
    </Group>
  );
}
