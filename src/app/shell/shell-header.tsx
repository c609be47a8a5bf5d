import { Burger, Button, Group, Stack, Text } from '@mantine/core';
import { balanceOf } from '../../domain/account/permissions';
import { formatAccra } from '../../domain/dates';
import { TOP_SUPERVISOR_ID } from '../../domain/constants';
import type { StoredDomain, StoredUser } from '../../db/app-db';
import { BrandLogo } from '../../ui/brand-logo';
import { UserMenu } from './user-menu';
import { PendingSenderIndicator } from './pending-sender-indicator';
import { displayPhone } from '../../domain/numbers/phone-number';
import { numberFormat } from '../../domain/numbers/number-format';

type ShellHeaderProps = {
  user: StoredUser;
  domain: StoredDomain | null;
  /** From 1000 px (docs/product.md#page-shell): one header or the other is rendered, so the balance is on the page once. */
  wide: boolean;
  menuOpened: boolean;
  onToggleMenu: () => void;
  onSignOut: () => void;
};

const number = numberFormat({ maximumFractionDigits: 2 });

function balanceText(user: StoredUser): string {
  const balance = balanceOf(user);
  return balance.unit === 'USD' ? `USD ${number.format(balance.amount)}` : `${number.format(balance.amount)} credits`;
}

function expiryText(user: StoredUser): string {
  return user.creditexpires
    ? `Credit expires ${formatAccra(user.creditexpires * 1000, 'dd MMM yyyy')}`
    : 'No credit expiry';
}

/** Wide screens: brand, balance, expiry, admin indicator, user menu. Narrow: burger, balance, expiry, contact, Logout (docs/product.md#page-shell). */
export function ShellHeader({ user, domain, wide, menuOpened, onToggleMenu, onSignOut }: ShellHeaderProps) {
  const companyname = domain?.companyname || 'Bulk SMS';
  // The main provider's customers read 'Powered by'; the operator, on its own host, reads its own name.
  const poweredBy = domain?.profile_id === TOP_SUPERVISOR_ID && user.profile_id !== TOP_SUPERVISOR_ID;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="md" size="sm" aria-label="Toggle menu" />
        {domain && <BrandLogo logo={domain.logo} companyname={companyname} size={32} />}
        <Text fw={700} truncate visibleFrom="md">
          {poweredBy ? `Powered by ${companyname}` : companyname}
        </Text>
      </Group>
      {wide ? (
        <Group gap="md" wrap="nowrap">
          <Text size="sm" fw={600} role="status" aria-label="Credit balance">
            {balanceText(user)}
          </Text>
          <Text size="sm" c="dimmed">
            {expiryText(user)}
          </Text>
          {user.isAdmin && <PendingSenderIndicator />}
          <UserMenu username={user.member?.name ?? user.username} onSignOut={onSignOut} />
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Stack gap={0} style={{ minWidth: 0 }} align="flex-end" lh={1.3}>
            <Text size="xs" fw={700} lh="inherit" truncate role="status" aria-label="Credit balance">
              {balanceText(user)}
            </Text>
            <Text size="xs" lh="inherit" truncate>
              {expiryText(user)}
            </Text>
            {domain?.telnumber && (
              <Text size="xs" c="dimmed" lh="inherit" truncate>
                Contact {displayPhone(domain.telnumber)}
              </Text>
            )}
          </Stack>
          <Button size="compact-sm" variant="light" color="red" onClick={onSignOut} style={{ flexShrink: 0 }}>
            Logout
          </Button>
        </Group>
      )}
    </Group>
  );
}
