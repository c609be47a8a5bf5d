import { useState } from 'react';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import { accountEmailError, COMPANY_TOO_LONG, companyError } from '../../domain/account/own-account';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { saveAccountDetails } from '../../sync/profile';
import { useFieldAction } from './use-field-action';
import { NO_PROOF, OwnerProofFields, proofFieldOf, proofProblems, type Proof } from './owner-proof-fields';

type Field = 'email' | 'company' | 'current' | 'twoStep';
const fieldOf = (message: string): Field =>
  proofFieldOf(message) ?? (message === COMPANY_TOO_LONG ? 'company' : 'email');

/**
 * The account's e-mail (unique, as at sign-up) and company name, edited in place. A new e-mail (not the
 * same one in other letters' case) asks for the current password, and the two-step code when it is on.
 */
export function ContactDetailsCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [email, setEmail] = useState(user.email);
  const [company, setCompany] = useState(user.companyname);
  const [proof, setProof] = useState<Proof>(NO_PROOF);
  const { busy, errors, clear, run } = useFieldAction(fieldOf);
  const changed = email.trim() !== user.email || company.trim() !== user.companyname;
  const newEmail = email.trim().toLowerCase() !== user.email.toLowerCase();
  const twoStep = user.twostep === true;

  const save = async () => {
    const problems = {
      email: accountEmailError(email) ?? undefined,
      company: companyError(company) ?? undefined,
      ...(newEmail ? proofProblems(proof, twoStep) : {}),
    };
    const details = { email: email.trim(), companyname: company.trim(), ...(newEmail ? proof : NO_PROOF) };
    const saved = await run(problems, () => saveAccountDetails(details));
    if (!saved) return;
    emitAlert({ message: 'Your e-mail and company have been saved', severity: 'success' });
    setProof(NO_PROOF);
  };

  return (
    <SectionCard id="details-title" title="Contact details">
      <FormStack
        gap="sm"
        label="Contact details"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              clear('email');
            }}
            error={errors.email}
          />
          <TextInput
            label="Company"
            autoComplete="organization"
            value={company}
            onChange={(e) => {
              setCompany(e.currentTarget.value);
              clear('company');
            }}
            error={errors.company}
          />
        </SimpleGrid>
        {newEmail && (
          <>
            <Text size="sm" c="dimmed">
              A new e-mail needs your current password; your mobile number is told of the change.
            </Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
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
          </>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={!online || !changed}>
            Save details
          </Button>
        </Group>
      </FormStack>
    </SectionCard>
  );
}
