import { useState, type FormEvent } from 'react';
import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';
import { acceptSignedInUser, completeSignIn, type TwoStepChallenge } from '../../sync/session';
import type { StoredUser } from '../../db/app-db';
import { FormStack } from '../../ui/form-stack';
import { SecretQrCode } from '../../ui/secret-qr-code';
import { RecoveryCodes } from '../../ui/recovery-codes';

type TwoStepFormProps = { challenge: TwoStepChallenge; onCancel: () => void };

/** Sign-in's second step: the authenticator app's code (or a recovery code); or, when required, setting it up. */
export function TwoStepForm({ challenge, onCancel }: TwoStepFormProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<{ user: StoredUser; recoveryCodes: string[] } | null>(null);
  const enrol = challenge.twoStep === 'enrol';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const done = await completeSignIn(challenge.challenge, code);
      if (done.recoveryCodes) setCodes({ user: done.user, recoveryCodes: done.recoveryCodes });
    } catch (error) {
      const failure = describeFailure(error);
      emitAlert({ message: failure.message, severity: failure.severity });
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (codes)
    return (
      <RecoveryCodes
        codes={codes.recoveryCodes}
        doneLabel="I have saved them, continue"
        onDone={() => void acceptSignedInUser(codes.user)}
      />
    );
  return (
    <FormStack gap="sm" onSubmit={(e) => void submit(e)}>
      {enrol ? (
        <>
          <Text size="sm">
            Your account requires two-step sign-in. Scan this code with an authenticator app (Google Authenticator,
            Microsoft Authenticator, Authy...), then enter the 6-digit code it shows.
          </Text>
          {challenge.uri && challenge.secret && <SecretQrCode uri={challenge.uri} secret={challenge.secret} />}
        </>
      ) : (
        <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
      )}
      <TextInput
        label={enrol ? 'Code from the app' : 'Two-step code'}
        name="two-step-code"
        autoComplete="one-time-code"
        inputMode={enrol ? 'numeric' : 'text'}
        maxLength={20}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        data-autofocus
        autoFocus
        required
      />
      <Button type="submit" loading={busy} disabled={!code.trim()}>
        {enrol ? 'Turn on and sign in' : 'Verify'}
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onCancel}>
        Back to sign in
      </Anchor>
    </FormStack>
  );
}
