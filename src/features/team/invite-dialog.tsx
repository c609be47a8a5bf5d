import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TeamRole } from '../../domain/account/team-roles';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { inviteMember } from '../../sync/team';
import { DialogActions } from '../../ui/dialog-actions';
import { RolePicker } from './role-picker';

const NO_ROLE = 'Please choose at least one role';

/** Invites a person by name and phone (e-mail optional): they get an SMS link valid 72 hours. */
export function InviteDialog({
  ownerAllowed,
  onClose,
}: {
  ownerAllowed: boolean;
  onClose: (invited: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<TeamRole[]>(['Sender']);
  const [problem, setProblem] = useState<{ field: 'name' | 'phone' | 'roles'; text: string } | null>(null);
  const inviting = useAction('The invitation could not be sent. Please try again');
  const invite = () => {
    const missing = !name.trim()
      ? ({ field: 'name', text: 'Please enter their name' } as const)
      : !phone.trim()
        ? ({ field: 'phone', text: 'Please enter their mobile number' } as const)
        : roles.length === 0
          ? ({ field: 'roles', text: NO_ROLE } as const)
          : null;
    setProblem(missing);
    if (missing) return;
    void inviting.run(async () => {
      emitAlert({ message: await inviteMember({ name, phone, email, roles }), severity: 'success' });
      onClose(true);
    });
  };
  const errorOf = (field: 'name' | 'phone' | 'roles') => (problem?.field === field ? problem.text : null);
  return (
    <Modal opened onClose={() => onClose(false)} title="Invite a member" centered>
      <Stack gap="sm">
        <Text size="sm">
          They get an SMS with a link to set their password. The link works for 72 hours, once. They sign in with their
          mobile number.
        </Text>
        <TextInput
          label="Name"
          value={name}
          error={errorOf('name')}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label="Mobile number"
          type="tel"
          value={phone}
          error={errorOf('phone')}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
        <TextInput
          label="E-mail (optional)"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <RolePicker value={roles} onChange={setRoles} ownerAllowed={ownerAllowed} error={errorOf('roles')} />
        <DialogActions
          confirmLabel="Send invitation"
          onCancel={() => onClose(false)}
          onConfirm={invite}
          busy={inviting.busy}
        />
      </Stack>
    </Modal>
  );
}
