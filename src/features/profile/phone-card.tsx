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
  const { busy, errors, clear, run } = useFieldAction(fieldOf);
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
        <FormStack
          gap="sm"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
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
                setCode(e.currentTarget.value);
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
                setProof(next);
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
            <Anchor component="button" type="button" size="sm" onClick={() => void sendCode()} disabled={busy}>
              Resend code
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
              Use another number
            </Anchor>
          </Group>
        </FormStack>
      )}
    </SectionCard>
  );
}
