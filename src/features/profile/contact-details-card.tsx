import { useState } from 'react';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import { accountEmailError, COMPANY_TOO_LONG, companyError } from '../../domain/own-account';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { saveAccountDetails } from '../../sync/profile';
import { useFieldAction } from './use-field-action';

type Field = 'email' | 'company';
const fieldOf = (message: string): Field => (message === COMPANY_TOO_LONG ? 'company' : 'email');

/** The account's e-mail (unique, as at sign-up) and company name, edited in place. */
export function ContactDetailsCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [email, setEmail] = useState(user.email);
  const [company, setCompany] = useState(user.companyname);
  const { busy, errors, clear, run } = useFieldAction(fieldOf);
  const changed = email.trim() !== user.email || company.trim() !== user.companyname;

  const save = async () => {
    const problems = { email: accountEmailError(email) ?? undefined, company: companyError(company) ?? undefined };
    const saved = await run(problems, () => saveAccountDetails({ email: email.trim(), companyname: company.trim() }));
    if (saved) emitAlert({ message: 'Your e-mail and company have been saved', severity: 'success' });
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
        <Group>
          <Button type="submit" loading={busy} disabled={!online || !changed}>
            Save details
          </Button>
        </Group>
      </FormStack>
    </SectionCard>
  );
}
