import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';

type DialogActionsProps = {
  confirmLabel: string;
  cancelLabel?: string;
  onCancel: () => void;
  /** Left out for a form's submit button. */
  onConfirm?: () => void;
  busy?: boolean;
  color?: MantineColor;
  mt?: MantineSpacing;
};

/** A dialog's Cancel and confirm buttons; while the action runs, Cancel waits and the confirm button spins. */
export function DialogActions({
  confirmLabel,
  cancelLabel = 'Cancel',
  onCancel,
  onConfirm,
  busy = false,
  color,
  mt,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={color} onClick={onConfirm} loading={busy}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
