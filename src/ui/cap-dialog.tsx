import { useState, type ReactNode } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { capError } from '../domain/money/caps';
import { DialogActions } from './dialog-actions';

interface CapDialogProps {
  title: string;
  /** The field's label, e.g. `Monthly cap (credits)`. */
  label: string;
  /** What the cap does, shown above the field. */
  explanation: ReactNode;
  /** The cap saved now, null for none. */
  current: number | null;
  /** Saves the typed cap ('' for none); answers a message to show in the field when it could not be saved. */
  onSave: (cap: string) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Sets or clears a spending cap in credits (a client's, a key's, a team member's): a whole number or
 * empty, checked before saving; the error clears as a corrected value is typed; Enter saves, and the
 * dialog stays open while it saves.
 */
export function CapDialog({ title, label, explanation, current, onSave, onClose }: CapDialogProps) {
  const [cap, setCap] = useState(current ? String(current) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const problem = capError(cap);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setError(await onSave(cap));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={title} centered>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {explanation}
        <TextInput
          label={label}
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
