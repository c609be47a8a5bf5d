import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import '../../ui/mantine-styles-rest';
import { RESET_ATTEMPTS } from '../../domain/constants';
import { TRY_AGAIN } from '../../domain/alerts';
import { FormStack } from '../../ui/form-stack';
import { confirmReset, requestResetCode } from '../../flows/signup-flow';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';
import { useResetForm } from './use-reset-form';

type ResetPasswordDialogProps = { opened: boolean; onClose: () => void; supid: number };

const fail = (error: unknown) => {
  const failure = describeFailure(error, TRY_AGAIN);
  emitAlert({ message: failure.message, severity: failure.severity });
};

/**
 * Password reset (docs/product.md#password-reset): request a code for an e-mail or username (as login
 * takes them), then code + new password + confirm; resend counter from 3, closing at 0.
 */
export function ResetPasswordDialog({ opened, onClose, supid }: ResetPasswordDialogProps) {
  const reset = useResetForm();
  const { email, resetCode, newPassword, confirmNewPassword } = reset.values;
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [resends, setResends] = useState(RESET_ATTEMPTS);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep('email');
    reset.restart(true);
    setResends(RESET_ATTEMPTS);
    onClose();
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!reset.emailReady()) return;
    setBusy(true);
    try {
      await requestResetCode(email, supid);
      emitAlert({ message: 'If there is such an account, a code has been sent to its phone', severity: 'success' });
      setStep('code');
      reset.restart(false);
    } catch (error) {
      fail(error);
    }
    setBusy(false);
  };

  const resend = async () => {
    const left = resends - 1;
    if (left <= 0) return close();
    setResends(left);
    try {
      await requestResetCode(email, supid);
      emitAlert({ message: 'A new code has been sent', severity: 'success' });
    } catch (error) {
      fail(error);
    }
  };

  const change = async (event: FormEvent) => {
    event.preventDefault();
    if (!reset.changeReady()) return;
    setBusy(true);
    try {
      // What else the reset ended (API keys, SMPP access) is said with it: the owner may need to set them up again.
      const ended = await confirmReset(email, resetCode, newPassword, confirmNewPassword);
      const message = 'Your password has been changed: you can now log in';
      emitAlert({ message: ended ? `${message}. ${ended}` : message, severity: 'success' });
      close();
    } catch (error) {
      fail(error);
    }
    setBusy(false);
  };

  return (
    <Modal opened={opened} onClose={close} title="Reset password" centered>
      {step === 'email' ? (
        <FormStack gap="sm" onSubmit={(e) => void sendCode(e)}>
          <Text size="sm">Enter the e-mail address or username of your account; we will send a code to its phone.</Text>
          <TextInput label="Email or username" autoComplete="username" {...reset.input('email')} />
          <Button type="submit" loading={busy}>
            Send code
          </Button>
        </FormStack>
      ) : (
        <FormStack gap="sm" onSubmit={(e) => void change(e)}>
          <CodeStepFields reset={reset} />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void resend()}>
              Resend code ({resends})
            </Button>
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </Group>
        </FormStack>
      )}
    </Modal>
  );
}

/** The second step: the code texted to the account's phone and the new password twice. */
function CodeStepFields({ reset }: { reset: ReturnType<typeof useResetForm> }) {
  return (
    <>
      <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" {...reset.input('resetCode')} />
      <PasswordField label="New password" autoComplete="new-password" {...reset.input('newPassword', false)} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...reset.confirmInput()} />
    </>
  );
}
