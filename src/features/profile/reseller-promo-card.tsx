import { useState } from 'react';
import { Button, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { canBecomeReseller } from '../../domain/brand/domain-settings';
import type { DomainDetails } from '../../domain/types';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { switchAccountType } from '../../sync/profile';
import { DialogActions } from '../../ui/dialog-actions';
import { ResellerRateTable } from '../../ui/reseller-rate-table';

/** The reseller promo (docs/product.md#reseller-promo: reselling enabled, supervisors 6, 1 and 308), the volume table and the applicable rate. */
export function ResellerPromoCard({
  user,
  domain,
  online,
}: {
  user: StoredUser;
  domain: DomainDetails;
  online: boolean;
}) {
  const { busy, run } = useAction();
  const [confirming, setConfirming] = useState(false);
  const reseller = user.accountType === 'RESELLER';

  const become = async () => {
    const done = await run(async () => {
      await switchAccountType('RESELLER');
      emitAlert({ message: 'You are now a reseller', severity: 'success' });
    });
    if (done) setConfirming(false);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reseller-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reseller-title">
          {reseller ? 'Your reseller rates' : 'Become a reseller'}
        </Title>
        {!reseller && (
          <Text>
            Sell bulk SMS under your own name, logo, domain and prices. Your clients sign up on your domain; you buy
            credit at the volume rates below and set your own prices.
          </Text>
        )}
        <ResellerRateTable />
        {reseller && (
          <Text>
            Your applicable rate: <b>GHS {user.applicableRate.toFixed(3)}</b> per SMS (from what you and your clients
            sent in the last 30 days).
          </Text>
        )}
        {canBecomeReseller(user, domain) && (
          <Button onClick={() => setConfirming(true)} disabled={!online} w="fit-content">
            Become a reseller
          </Button>
        )}
      </Stack>
      {/* Asked first: the account changes in ways the user should know before (account-type.ts on the gateway). */}
      <Modal opened={confirming} onClose={() => !busy && setConfirming(false)} title="Become a reseller?" centered>
        <Stack gap="sm">
          <Text size="sm">Your account becomes a reseller account:</Text>
          <List size="sm" spacing={4}>
            <List.Item>
              Your prices: you buy credit at the reseller volume rates above instead of your current {user.accountType}{' '}
              prices, and you set the prices your own clients pay.
            </List.Item>
            <List.Item>
              A Client management page joins your menu: your clients, the credit you give them and their sender ID
              requests.
            </List.Item>
            <List.Item>
              A domain to set up: your platform settings appear on this page; point your own domain at this server and
              verify it, so your clients sign up under your name and logo.
            </List.Item>
          </List>
          <DialogActions
            confirmLabel="Become a reseller"
            onCancel={() => setConfirming(false)}
            onConfirm={() => void become()}
            busy={busy}
          />
        </Stack>
      </Modal>
    </Paper>
  );
}
