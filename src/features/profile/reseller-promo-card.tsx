import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { canBecomeReseller } from '../../domain/domain-settings';
import type { DomainDetails } from '../../domain/types';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../sync/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { switchAccountType } from '../../sync/profile';
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
  const reseller = user.accountType === 'RESELLER';

  const become = async () => {
    await run(async () => {
      await switchAccountType('RESELLER');
      emitAlert({ message: 'You are now a reseller', severity: 'success' });
    });
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
          <Button onClick={() => void become()} loading={busy} disabled={!online} w="fit-content">
            Become a reseller
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
