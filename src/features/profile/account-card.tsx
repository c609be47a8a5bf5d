import type { ReactNode } from 'react';
import { Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { splitSenderIds } from '../../domain/messages/sender-id';
import type { StoredUser } from '../../db/app-db';
import { displayPhone } from '../../domain/numbers/phone-number';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Ids({ ids, color, empty }: { ids: string[]; color: string; empty: string }) {
  if (ids.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Group gap={6}>
      {ids.map((id) => (
        // Dark text on the tinted badge: the light variant's own (shade 9) reads at 3.6 to 4.3:1, under WCAG AA.
        <Badge key={id} color={color} variant="light" c="gray.9" style={{ textTransform: 'none' }}>
          {id}
        </Badge>
      ))}
    </Group>
  );
}

/** docs/product.md#profile: username, email, mobile number, company, country, account type, sender IDs, referral code. */
export function AccountCard({ user, referral }: { user: StoredUser; referral: boolean }) {
  const shareLink = `${window.location.origin}/signup?referral=${encodeURIComponent(user.referralcode)}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-title">
      <Title order={2} size="h4" id="account-title" mb="sm">
        Your account
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Username">{user.username}</Field>
        <Field label="Email">{user.email}</Field>
        <Field label="Mobile number">{displayPhone(user.telnumber)}</Field>
        <Field label="Company">{user.companyname}</Field>
        <Field label="Country">{user.country}</Field>
        <Field label="Account type">{user.accountType}</Field>
        <Field label="Approved sender IDs">
          <Ids ids={splitSenderIds(user.senderidapproved)} color="teal" empty="None yet" />
        </Field>
        <Field label="Pending sender IDs">
          <Ids ids={splitSenderIds(user.pendingsenderid)} color="orange" empty="None" />
        </Field>
        {referral && user.referralcode && (
          <Field label="Referral code">
            <Group gap="xs" wrap="wrap">
              <Text fw={700} ff="monospace">
                {user.referralcode}
              </Text>
              <CopyButton value={user.referralcode}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy code'}
                  </Button>
                )}
              </CopyButton>
              <CopyButton value={shareLink}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" onClick={copy}>
                    {copied ? 'Link copied' : 'Copy share link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Field>
        )}
      </SimpleGrid>
    </Paper>
  );
}
