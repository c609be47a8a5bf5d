import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { validateSenderIdRequest } from '../../domain/sender-id';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../sync/alerts-bus';
import { describeFailure } from '../../sync/failures';
import { askForSenderIds } from '../../sync/profile';

/** SPEC 4 and 5: request sender IDs (comma-split, trimmed, de-duplicated); they wait as pending for approval. */
export function SenderIdCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [ids, setIds] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const checked = validateSenderIdRequest(ids);
    if (!checked.ok) {
      setError(checked.message);
      emitAlert({ message: checked.message, severity: 'warning' });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await askForSenderIds(checked.ids);
      setIds('');
      emitAlert({
        message: `Sender ID request sent: ${checked.ids.join(', ')} awaiting approval`,
        severity: 'success',
      });
    } catch (failure) {
      const view = describeFailure(failure);
      emitAlert({ message: view.message, severity: view.severity });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sender-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sender-title">
          Request sender IDs
        </Title>
        <Text size="sm" c="dimmed">
          Your messages go out under an approved sender ID
          {user.senderidapproved === 'TEST'
            ? '; until one of yours is approved, TEST sends a notice instead of your text'
            : ''}
          .
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Sender IDs"
              description="Separate several with commas; at most 11 characters each"
              value={ids}
              onChange={(event) => setIds(event.currentTarget.value)}
              error={error}
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" mt={{ base: 0, sm: 44 }} loading={busy} disabled={!online}>
              Request approval
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
