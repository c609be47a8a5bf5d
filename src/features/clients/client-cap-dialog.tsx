import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ClientAnswer } from '../../api/clients-api';
import { capError } from '../../domain/money/caps';
import { emitAlert } from '../../notify/alerts-bus';
import { saveClientCap } from '../../sync/alerts';
import { describeFailure } from '../../sync/failures';
import { DialogActions } from '../../ui/dialog-actions';

/** Sets or clears a client's monthly spending cap (docs/product.md#spending-caps). */
export function ClientCapDialog({ client, onClose }: { client: ClientAnswer; onClose: () => void }) {
  const [cap, setCap] = useState(client.monthlycap ? String(client.monthlycap) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const problem = capError(cap);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await saveClientCap(client.profile_id, cap);
      emitAlert({
        message: cap.trim() ? `${client.username}'s monthly cap has been saved` : `${client.username} has no cap now`,
        severity: 'success',
      });
      onClose();
    } catch (failure) {
      setError(describeFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={`Monthly cap for ${client.username}`} centered>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Text size="sm" c="dimmed">
          The most credits this client may spend on sends in a calendar month. A send that would pass it is refused and
          nothing is charged. Leave it empty for no cap.
        </Text>
        <TextInput
          label="Monthly cap (credits)"
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
