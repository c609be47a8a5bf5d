import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Text, TextInput } from '@mantine/core';
import '../../ui/mantine-styles-rest';
import { resetFieldError } from '../../domain/account/signup';
import { RESET_ATTEMPTS } from '../../domain/constants';
import { TRY_AGAIN } from '../../domain/alerts';
import { FormStack } from '../../ui/form-stack';
import { confirmReset, requestResetCode } from '../../flows/signup-flow';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';

type ResetPasswordDialogProps = { opened: boolean; onClose: () => void; supid: number };

/**
 * Password reset (docs/product.md#password-reset): request a code for an e-mail or username (as login
 * takes them), then code + new password + confirm; resend counter from 3, closing at 0.
 */
export function ResetPasswordDialog({ opened, onClose, supid }: ResetPasswordDialogProps) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [resends, setResends] = useState(RESET_ATTEMPTS);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep('email');
    setCode('');
    setPassword('');
    setConfirm('');
    setResends(RESET_ATTEMPTS);
    setTouched(false);
    onClose();
  };
  const fail = (error: unknown) => {
    const failure = describeFailure(error, TRY_AGAIN);
    emitAlert({ message: failure.message, severity: failure.severity });
  };

  const emailError = touched ? resetFieldError('login', email) : null;
  const codeError = touched ? resetFieldError('code', code) : null;
  const passwordError = touched && password ? resetFieldError('password', password) : null;
  const confirmError = touched && confirm ? resetFieldError('confirm', confirm, password) : null;

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (resetFieldError('login', email)) return;
    setBusy(true);
    try {
      await requestResetCode(email, supid);
      emitAlert({ message: 'If there is such an account, a code has been sent to its phone', severity: 'success' });
      setStep('code');
      setTouched(false);
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
    setTouched(true);
    const errors = [
      resetFieldError('code', code),
      resetFieldError('password', password),
      resetFieldError('confirm', confirm, password),
    ];
    if (errors.some(Boolean)) return;
    setBusy(true);
    try {
      // What else the reset ended (API keys, SMPP access) is said with it: the owner may need to set them up again.
      const ended = await confirmReset(email, code, password, confirm);
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
          <TextInput
            label="Email or username"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
          />
          <Button type="submit" loading={busy}>
            Send code
          </Button>
        </FormStack>
      ) : (
        <FormStack gap="sm" onSubmit={(e) => void change(e)}>
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={codeError}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={confirmError}
          />
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
