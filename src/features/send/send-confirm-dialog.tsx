import { Modal, Stack, Table, Text } from '@mantine/core';
import type { SendConfirmation } from '../../domain/send/send-confirm';
import { DialogActions } from '../../ui/dialog-actions';

type Props = {
  confirmation: SendConfirmation | null;
  /** The form's submit label (Send Message, Register scheduled sms, ...): the confirm button says it too. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a large or costly send goes (docs/product.md#confirming-a-large-send): who, how much, and what is left. */
export function SendConfirmDialog({ confirmation, confirmLabel, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={confirmation !== null} onClose={onCancel} title="Confirm this send" centered>
      {confirmation && (
        <Stack gap="sm">
          <Text size="sm">This send is large: check it before it goes. Credits are taken when it is accepted.</Text>
          <Table variant="vertical" withTableBorder data-testid="send-confirmation">
            <Table.Tbody>
              <Row label="Recipients" value={confirmation.recipients} />
              <Row label="Messages per recipient" value={confirmation.perRecipient} />
              <Row label="Cost" value={confirmation.credits} />
              {confirmation.balanceAfter !== null && <Row label="Balance after" value={confirmation.balanceAfter} />}
            </Table.Tbody>
          </Table>
          <DialogActions
            confirmLabel={confirmLabel}
            cancelLabel="Go back"
            mt="xs"
            onCancel={onCancel}
            onConfirm={onConfirm}
          />
        </Stack>
      )}
    </Modal>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w="55%">{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}
