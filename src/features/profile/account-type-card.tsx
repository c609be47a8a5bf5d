import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DialogActions } from '../../ui/dialog-actions';
import { SectionCard } from '../../ui/section-card';
import { canBecomeReseller, priceTiersFor } from '../../domain/brand/domain-settings';
import { canSetPremium } from '../../domain/account/permissions';
import type { AccountType, DomainDetails } from '../../domain/types';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { switchAccountType } from '../../sync/profile';
import { PriceTable } from '../../ui/price-table';
import { ResellerRateTable } from '../../ui/reseller-rate-table';

/** Change the account type (docs/product.md#account-type: PREMIUM under supervisors 6 and 1 only), its prices shown before confirming. */
export function AccountTypeCard({
  user,
  domain,
  online,
}: {
  user: StoredUser;
  domain: DomainDetails;
  online: boolean;
}) {
  const options: AccountType[] = [
    'REGULAR',
    ...(canSetPremium(user) ? (['PREMIUM'] as const) : []),
    ...(canBecomeReseller(user, domain) || user.accountType === 'RESELLER' ? (['RESELLER'] as const) : []),
  ];
  const [chosen, setChosen] = useState<AccountType>(user.accountType);
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useAction();

  const confirm = async () => {
    await run(async () => {
      await switchAccountType(chosen);
      emitAlert({ message: `Your account type is now ${chosen}`, severity: 'success' });
      setConfirming(false);
    });
  };

  return (
    <SectionCard id="type-title" title="Account type">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Account type"
          data={options}
          value={chosen}
          onChange={(value) => value && setChosen(value as AccountType)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <Button onClick={() => setConfirming(true)} disabled={!online || chosen === user.accountType}>
          Change account type
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !busy && setConfirming(false)}
        title={`Change to ${chosen}?`}
        centered
        size="lg"
      >
        <Stack gap="sm">
          <Text>Your prices will be these:</Text>
          {chosen === 'RESELLER' ? (
            <ResellerRateTable />
          ) : (
            <PriceTable
              title={`SMS prices (${chosen})`}
              tiers={priceTiersFor({ ...user, accountType: chosen }, domain)}
            />
          )}
          <DialogActions
            confirmLabel="Confirm"
            onCancel={() => setConfirming(false)}
            onConfirm={() => void confirm()}
            busy={busy}
          />
        </Stack>
      </Modal>
    </SectionCard>
  );
}
