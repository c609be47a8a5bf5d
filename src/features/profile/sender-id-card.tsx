import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { validateSenderIdRequest } from '../../domain/messages/sender-id';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { askForSenderIds } from '../../sync/profile';

/** Request sender IDs (docs/product.md#sender-ids: comma-split, trimmed, de-duplicated); they wait as pending for approval. */
export function SenderIdCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [ids, setIds] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();

  const submit = async () => {
    const checked = validateSenderIdRequest(ids);
    if (!checked.ok) {
      // On the field only: a field's problem is said once.
      setError(checked.message);
      return;
    }
    setError(null);
    await run(async () => {
      await askForSenderIds(checked.ids);
      setIds('');
      emitAlert({
        message: `Sender ID request sent: ${checked.ids.join(', ')} awaiting approval`,
        severity: 'success',
      });
    });
  };

  return (
    <SectionCard id="sender-title" title="Request sender IDs">
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
    </SectionCard>
  );
}
