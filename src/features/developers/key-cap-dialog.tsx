import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ApiKeyView } from '../../api/developer-api';
import { capError, capValue } from '../../domain/money/caps';
import { setApiKeyCap } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { DialogActions } from '../../ui/dialog-actions';

/** Sets or clears a key's daily spending cap (docs/api-v1.md#spending-caps). */
export function KeyCapDialog({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const [cap, setCap] = useState(apiKey.dailyCap ? String(apiKey.dailyCap) : '');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();
  const save = () => {
    const problem = capError(cap);
    setError(problem);
    if (problem) return;
    void run(async () => {
      await setApiKeyCap(apiKey.id, capValue(cap));
      onClose();
    });
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={`Daily cap for ${apiKey.name}`} centered>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Text size="sm" c="dimmed">
          The most credits this key&apos;s sends may spend in a day (Accra time). A send that would pass it is refused
          with 402 spending_cap_reached and nothing is charged. Leave it empty for no cap.
        </Text>
        <TextInput
          label="Daily cap (credits)"
          inputMode="numeric"
          placeholder="No cap"
          value={cap}
          onChange={(e) => {
            setCap(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <DialogActions confirmLabel="Save cap" onCancel={onClose} busy={busy} />
      </Stack>
    </Modal>
  );
}
