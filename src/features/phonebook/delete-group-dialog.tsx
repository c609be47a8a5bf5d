import { Modal, Text } from '@mantine/core';
import { DialogActions } from '../../ui/dialog-actions';
import { contactCountText } from '../../domain/contacts/phonebook';
import type { StoredGroup } from '../../db/app-db';
import { deleteGroups } from '../../sync/phonebook-sync';

/** The book goes from the screen at once (docs/product.md#phone-books); a refusal puts it back with an alert. */
export function DeleteGroupDialog({ group, onClose }: { group: StoredGroup | null; onClose: () => void }) {
  const confirm = () => {
    if (group) void deleteGroups([group.id]);
    onClose();
  };
  return (
    <Modal opened={group !== null} onClose={onClose} title="Delete phone book" centered>
      {group && (
        <>
          <Text>
            Delete the phone book <b>{group.groupname}</b> and its {contactCountText(group.contactcount)}? This cannot
            be undone.
          </Text>
          <DialogActions confirmLabel="Delete" color="red" mt="md" onCancel={onClose} onConfirm={confirm} />
        </>
      )}
    </Modal>
  );
}
