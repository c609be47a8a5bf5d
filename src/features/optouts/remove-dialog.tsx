import { useState } from 'react';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { MAX_REMOVAL_REASON } from '../../domain/numbers/opt-out';
import { displayPhone } from '../../domain/numbers/phone-number';
import type { OptOutAnswer } from '../../api/optout-api';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { removeNumber } from '../../sync/optouts';
import { DialogActions } from '../../ui/dialog-actions';

/** Removing asks why (the person opted in again): the gateway records it with who and when. */
export function RemoveDialog({ optOut, onClose }: { optOut: OptOutAnswer; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const removing = useAction();
  const remove = () => {
    if (!reason.trim()) {
      setError('Please say why this number may receive your messages again');
      return;
    }
    void removing.run(async () => {
      emitAlert({ message: await removeNumber(optOut.number, reason), severity: 'success' });
      onClose();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Remove ${displayPhone(optOut.number)} from the opt-out list`} centered>
      <Stack gap="sm">
        <Text size="sm">
          This number will receive your messages again. Please say why, for example: opted in again.
        </Text>
        <Textarea
          label="Reason"
          value={reason}
          maxLength={MAX_REMOVAL_REASON}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <DialogActions confirmLabel="Remove" color="red" onCancel={onClose} onConfirm={remove} busy={removing.busy} />
      </Stack>
    </Modal>
  );
}
