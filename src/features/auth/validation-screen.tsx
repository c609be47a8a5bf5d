import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, PinInput, Text } from '@mantine/core';
import type { StoredDomain } from '../../db/app-db';
import { confirmSignupCode, resendSignupCode, type PendingSignup } from '../../flows/signup-flow';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';
import { CODE_LENGTH, SEND_ATTEMPTS, VALIDATION_ATTEMPTS, VALIDATION_TIMER_SECONDS } from '../../domain/constants';
import { TRY_AGAIN, WRONG_CODE } from '../../domain/alerts';
import { isCodeComplete } from '../../domain/account/signup';
import { FormStack } from '../../ui/form-stack';
import { AuthFrame } from './auth-frame';
import { displayPhone } from '../../domain/numbers/phone-number';

type ValidationScreenProps = { domain: StoredDomain | null; pending: PendingSignup; onBack: () => void };

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The code screen (docs/product.md#sign-up): a 4-digit code, a 600 s timer that restarts on resend, 7 attempts, 4 sends; back to the form at 0. */
export function ValidationScreen({ domain, pending: first, onBack }: ValidationScreenProps) {
  const [pending, setPending] = useState(first);
  const [code, setCode] = useState('');
  const [deadline, setDeadline] = useState(() => Date.now() + VALIDATION_TIMER_SECONDS * 1000);
  const [left, setLeft] = useState(VALIDATION_TIMER_SECONDS);
  const [attempts, setAttempts] = useState(VALIDATION_ATTEMPTS);
  const [sends, setSends] = useState(SEND_ATTEMPTS - 1);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  useEffect(() => {
    if (left === 0 || attempts === 0) {
      emitAlert({ message: 'The code was not confirmed in time: please register again', severity: 'warning' });
      onBack();
    }
  }, [left, attempts, onBack]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCodeComplete(code)) return;
    setBusy(true);
    try {
      if (!(await confirmSignupCode(pending, code))) {
        setAttempts((a) => a - 1);
        setCode('');
        emitAlert({ message: WRONG_CODE, severity: 'warning' });
      }
    } catch (error) {
      emitAlert({ message: describeFailure(error, TRY_AGAIN).message, severity: 'error' });
    }
    setBusy(false);
  };
  const resend = async () => {
    if (sends <= 0) return;
    try {
      setPending(await resendSignupCode(pending));
      setSends((s) => s - 1);
      setDeadline(Date.now() + VALIDATION_TIMER_SECONDS * 1000);
      setLeft(VALIDATION_TIMER_SECONDS);
      emitAlert({ message: 'A new code has been sent', severity: 'success' });
    } catch (error) {
      emitAlert({ message: describeFailure(error, TRY_AGAIN).message, severity: 'error' });
    }
  };

  return (
    <AuthFrame domain={domain} title="Validate your mobile number">
      <FormStack gap="sm" onSubmit={(e) => void verify(e)} align="center">
        <Text size="sm" ta="center">
          Enter the {CODE_LENGTH}-digit code sent to {displayPhone(pending.phone)}.
        </Text>
        <PinInput
          length={CODE_LENGTH}
          type="number"
          oneTimeCode
          value={code}
          onChange={setCode}
          aria-label="Validation code"
          autoFocus
        />
        <Text size="sm" c="dimmed" role="timer" aria-live="off">
          Code expires in {clock(left)} · {attempts} attempts left
        </Text>
        <Button type="submit" loading={busy} disabled={!isCodeComplete(code)} fullWidth>
          Validate
        </Button>
        <Group justify="space-between" w="100%">
          <Button variant="subtle" onClick={onBack}>
            Back
          </Button>
          <Button variant="subtle" onClick={() => void resend()} disabled={sends <= 0}>
            Resend code ({sends})
          </Button>
        </Group>
      </FormStack>
    </AuthFrame>
  );
}
