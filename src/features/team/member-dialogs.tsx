import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import type { TeamRole } from '../../domain/account/team-roles';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { changeMemberCap, changeMemberRoles, removeMember, type Member } from '../../sync/team';
import { CapDialog } from '../../ui/cap-dialog';
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

/** Sets or clears a member's monthly credit cap: each of their sends is checked against it as it is charged. */
export function MemberCapDialog({ member, onClose }: DialogProps) {
  const saving = useAction('The cap could not be saved. Please try again');
  const save = async (cap: string) => {
    await saving.run(async () => {
      emitAlert({ message: await changeMemberCap(member.id, cap.trim()), severity: 'success' });
      onClose(true);
    });
    return null;
  };
  return (
    <CapDialog
      title={`Monthly cap of ${member.name}`}
      label="Monthly cap (credits)"
      explanation={
        <Text size="sm">
          The most credits {member.name}&apos;s sends may spend in a calendar month. A send past it is refused and
          nothing is charged. Leave it empty for no cap.
        </Text>
      }
      current={member.monthlyCap ?? null}
      onSave={save}
      onClose={() => onClose(false)}
    />
  );
}
