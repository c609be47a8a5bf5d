import { useState } from 'react';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import { CODE_LENGTH } from '../../domain/constants';
import { newPhoneError, phoneCodeError } from '../../domain/account/own-account';
import { WRONG_CODE } from '../../domain/alerts';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { askPhoneCode, takeNewPhone } from '../../sync/profile';
import { useFieldAction } from './use-field-action';
import { displayPhone } from '../../domain/numbers/phone-number';
import { NO_PROOF, OwnerProofFields, proofFieldOf, proofProblems, type Proof } from './owner-proof-fields';

type Field = 'phone' | 'code' | 'current' | 'twoStep';
// The proof's refusals go to its fields; the gateway's code refusals name the code; its number refusals
// (sign-up's texts) the number.
const fieldOf = (message: string): Field =>
  proofFieldOf(message) ?? (/code/i.test(message) || message === WRONG_CODE ? 'code' : 'phone');

/** A new mobile number, taken once the code texted to it and the current password are entered. */
export function PhoneCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<Proof>(NO_PROOF);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const action = useFieldAction(fieldOf);
  const { busy, errors, clear, run } = action;
  const twoStep = user.twostep === true;

  const sendCode = async () => {
    const problem = newPhoneError(phone, user.telnumber);
    const sent = await run({ phone: problem ?? undefined }, () => askPhoneCode(phone));
    if (!sent) return;
    emitAlert({ message: `A code has been sent to ${phone.trim()}`, severity: 'success' });
    setSentTo(phone.trim());
    setCode('');
  };

  const confirm = async () => {
    const number = sentTo ?? '';
    const problems = { code: phoneCodeError(code) ?? undefined, ...proofProblems(proof, twoStep) };
    const done = await run(problems, () => takeNewPhone(number, code, proof));
    if (!done) return;
    emitAlert({ message: `Your mobile number is now ${number}`, severity: 'success' });
    setSentTo(null);
    setPhone('');
    setCode('');
    setProof(NO_PROOF);
  };

  return (
    <SectionCard id="phone-title" title="Mobile number">
      <Text size="sm" c="dimmed">
        Your number is {user.telnumber ? displayPhone(user.telnumber) : 'not set'}. Password reset codes go to it. A new
        number is taken once you enter the code we text to it and your current password; your old number is told.
      </Text>
      {sentTo === null ? (
        <FormStack
          gap="sm"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="New mobile number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={phone}
              onChange={(e) => {
                setPhone(e.currentTarget.value);
                clear('phone');
              }}
              error={errors.phone}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" mt={{ base: 0, sm: 25 }} loading={busy} disabled={!online}>
              Send code
            </Button>
          </Group>
        </FormStack>
      ) : (
        <CodeStep
          sentTo={sentTo}
          code={code}
          onCode={setCode}
          proof={proof}
          onProof={setProof}
          twoStep={twoStep}
          action={action}
          online={online}
          onConfirm={() => void confirm()}
          onResend={() => void sendCode()}
          onOtherNumber={() => setSentTo(null)}
        />
      )}
    </SectionCard>
  );
}

/** The second step: the code texted to the new number, with the owner's proof (password, and the app's code when two-step is on). */
function CodeStep(props: {
  sentTo: string;
  code: string;
  onCode: (code: string) => void;
  proof: Proof;
  onProof: (proof: Proof) => void;
  twoStep: boolean;
  action: ReturnType<typeof useFieldAction<Field>>;
  online: boolean;
  onConfirm: () => void;
  onResend: () => void;
  onOtherNumber: () => void;
}) {
  const { sentTo, code, onCode, proof, onProof, twoStep, online, onConfirm, onResend, onOtherNumber } = props;
  const { busy, errors, clear } = props.action;
  return (
    <FormStack
      gap="sm"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
    >
      <Text size="sm">
        Enter the {CODE_LENGTH}-digit code sent to {sentTo}.
      </Text>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          onChange={(e) => {
            onCode(e.currentTarget.value);
            clear('code');
          }}
          error={errors.code}
          style={{ flex: '0 1 160px' }}
        />
        <OwnerProofFields
          proof={proof}
          twoStep={twoStep}
          errors={errors}
          onChange={(next, field) => {
            onProof(next);
            clear(field);
          }}
        />
      </Group>
      <Group>
        <Button type="submit" loading={busy} disabled={!online}>
          Confirm number
        </Button>
      </Group>
      <Group gap="md">
        <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={busy}>
          Resend code
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onOtherNumber}>
          Use another number
        </Anchor>
      </Group>
    </FormStack>
  );
}
