import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import type { TeamRole } from '../../domain/account/team-roles';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { changeMemberRoles, removeMember, type Member } from '../../sync/team';
import { DialogActions } from '../../ui/dialog-actions';
import { RolePicker } from './role-picker';

type DialogProps = { member: Member; onClose: (changed: boolean) => void };

/** Replaces a member's roles. */
export function RolesDialog({ member, ownerAllowed, onClose }: DialogProps & { ownerAllowed: boolean }) {
  const [roles, setRoles] = useState<TeamRole[]>([...member.roles]);
  const [error, setError] = useState<string | null>(null);
  const saving = useAction('The roles could not be changed. Please try again');
  const save = () => {
    if (roles.length === 0) {
      setError('Please choose at least one role');
      return;
    }
    void saving.run(async () => {
      emitAlert({ message: await changeMemberRoles(member.id, roles), severity: 'success' });
      onClose(true);
    });
  };
  return (
    <Modal opened onClose={() => onClose(false)} title={`Roles of ${member.name}`} centered>
      <Stack gap="sm">
        <RolePicker value={roles} onChange={setRoles} ownerAllowed={ownerAllowed} error={error} />
        <DialogActions confirmLabel="Save roles" onCancel={() => onClose(false)} onConfirm={save} busy={saving.busy} />
      </Stack>
    </Modal>
  );
}

/** Asks before removing a member (or cancelling an invitation): their sessions end at once. */
export function RemoveMemberDialog({ member, onClose }: DialogProps) {
  const removing = useAction('The member could not be removed. Please try again');
  const invited = member.status === 'invited';
  const remove = () =>
    void removing.run(async () => {
      emitAlert({ message: await removeMember(member.id), severity: 'success' });
      onClose(true);
    });
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={invited ? `Cancel the invitation of ${member.name}?` : `Remove ${member.name}?`}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          {invited
            ? 'The link they were sent will stop working.'
            : 'They are signed out of every device at once and can no longer sign in to this account.'}
        </Text>
        <DialogActions
          confirmLabel={invited ? 'Cancel invitation' : 'Remove member'}
          cancelLabel="Keep"
          color="red"
          onCancel={() => onClose(false)}
          onConfirm={remove}
          busy={removing.busy}
        />
      </Stack>
    </Modal>
  );
}
