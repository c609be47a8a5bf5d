import { useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import { CURRENT_PASSWORD_EMPTY, CURRENT_PASSWORD_WRONG, passwordChangeError } from '../../domain/account/own-account';
import { SIGNUP_PASSWORDS_DIFFER } from '../../domain/account/signup';
import { emitAlert } from '../../notify/alerts-bus';
import { changePassword } from '../../sync/profile';
import { useFieldAction } from './use-field-action';

type Field = 'current' | 'next' | 'confirm';
const fieldOf = (message: string): Field =>
  message === CURRENT_PASSWORD_EMPTY || message === CURRENT_PASSWORD_WRONG
    ? 'current'
    : message === SIGNUP_PASSWORDS_DIFFER
      ? 'confirm'
      : 'next';

/**
 * A new password given the current one; the other devices signed in to the account are signed out, and
 * when asked every API key and the SMPP password end too (someone else may have used the account).
 */
export function PasswordCard({ online }: { online: boolean }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [endCredentials, setEndCredentials] = useState(false);
  const { busy, errors, clear, run } = useFieldAction(fieldOf);

  const submit = async () => {
    const change = { currentPassword: current, newPassword: next, confirmNewPassword: confirm };
    const problem = passwordChangeError(change);
    let message = '';
    const done = await run(problem ? { [fieldOf(problem)]: problem } : {}, async () => {
      message = await changePassword(change, endCredentials);
    });
    if (!done) return;
    emitAlert({ message, severity: 'success' });
    setCurrent('');
    setNext('');
    setConfirm('');
    setEndCredentials(false);
  };

  return (
    <SectionCard id="password-title" title="Password">
      <Text size="sm" c="dimmed">
        Changing it signs out every other device signed in to your account. Your API keys and SMPP access stay as they
        are unless you end them too.
      </Text>
      <FormStack
        gap="sm"
        label="Change password"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => {
              setCurrent(e.currentTarget.value);
              clear('current');
            }}
            error={errors.current}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => {
              setNext(e.currentTarget.value);
              clear('next');
            }}
            error={errors.next}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.currentTarget.value);
              clear('confirm');
            }}
            error={errors.confirm}
          />
        </SimpleGrid>
        <Checkbox
          label="Also revoke every API key and reset SMPP access"
          description="If someone else may have used your account: their keys stop working and SMPP needs a new password."
          checked={endCredentials}
          onChange={(e) => setEndCredentials(e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!online}>
            Change password
          </Button>
        </Group>
      </FormStack>
    </SectionCard>
  );
}
