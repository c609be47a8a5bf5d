import { Modal, Paper, Stack, Text } from '@mantine/core';
import { sharedPreview } from '../../domain/send/incoming';
import type { Incoming } from '../../flows/incoming';
import { DialogActions } from '../../ui/dialog-actions';

type SharedInDialogProps = { shared: Incoming | null; onUse: () => void; onDiscard: () => void };

/**
 * Asks before a share fills the send form: any site can post to the share target, so what arrived is
 * named and used only on "Use it" (docs/architecture.md#files-and-contacts-in).
 */
export function SharedInDialog({ shared, onUse, onDiscard }: SharedInDialogProps) {
  return (
    <Modal opened={shared !== null} onClose={onDiscard} title="Use what was shared?" centered>
      {shared && (
        <Stack gap="sm">
          <Text size="sm">
            This was shared to the app. “Use it” puts it in the form; “Discard” leaves the form as it is.
          </Text>
          {shared.file && (
            <div>
              <Text size="sm" fw={600}>
                Spreadsheet of numbers
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {shared.file.name}
              </Text>
            </div>
          )}
          {shared.text && (
            <div>
              <Text size="sm" fw={600}>
                Message
              </Text>
              <Paper withBorder p="xs" mt={4}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {sharedPreview(shared.text)}
                </Text>
              </Paper>
            </div>
          )}
          <Text size="sm" c="dimmed">
            Use it only if you shared it yourself: other websites can send things to the app too.
          </Text>
          <DialogActions confirmLabel="Use it" cancelLabel="Discard" mt="xs" onCancel={onDiscard} onConfirm={onUse} />
        </Stack>
      )}
    </Modal>
  );
}
